'use client';

import { clientLazy } from '@/components/ui/client-lazy';

/**
 * A bulk connection's per-VIN error in words, loaded when a result has one to show: the catalog
 * (lib/contract/outcome-text.ts with the upstream errors' words) is needed for nothing else on
 * the eligibility pages, and it was about 3 kB gzip of their first load.
 */
export const OutcomeError = clientLazy(() => import('./outcome-errors').then((m) => m.OutcomeError));
