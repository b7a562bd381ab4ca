'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { CONSENT_MISSING } from '@/lib/contract/consent-scopes';
import { SegmentError } from './segment-error';

// Loaded when a section fails for a missing consent: every vehicle tab has data sections, and
// the explanation is for the one case.
const MissingConsentState = clientLazy(() => import('./missing-consent-state').then((m) => m.MissingConsentState));

/**
 * A data section of a page that could not be shown (retry refetches). A missing consent is a fact
 * about the vehicle, explained as an empty state (no retry would change it); anything else is the
 * error state, as a segment's.
 */
export function SectionError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  if ((error as { code?: unknown } | null)?.code === CONSENT_MISSING) return <MissingConsentState error={error} />;
  return <SegmentError error={error} title={title} onRetry={onRetry} />;
}
