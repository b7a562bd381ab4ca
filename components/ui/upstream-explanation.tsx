'use client';

import dynamic from 'next/dynamic';

/**
 * The catalog's words for an upstream error, loaded when an error state first needs them: every
 * page carries an error state, and the words would otherwise be in each of its chunks.
 */
export const UpstreamExplanation = dynamic(() => import('./upstream-explanation-text').then((m) => m.UpstreamExplanationText), {
  ssr: false,
});
