'use client';

import { clientLazy } from '@/components/ui/client-lazy';

/**
 * The catalog's words for an upstream error, loaded when an error state first needs them: every
 * page carries an error state, and the words would otherwise be in each of its chunks.
 */
export const UpstreamExplanation = clientLazy(() => import('./upstream-explanation-text').then((m) => m.UpstreamExplanationText));
