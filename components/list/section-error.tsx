'use client';

import dynamic from 'next/dynamic';
import { ErrorState } from '@/components/ui/error-state';
import { missingConsentOf } from '@/lib/contract/missing-consent';

// Every console segment's error.tsx renders this, so it is in every page's first load (once for
// the organization's segment, once for the page's own): the missing-consent explanation, a data
// section's case, loads when a section fails for it.
const MissingConsentState = dynamic(() => import('./missing-consent-state').then((m) => m.MissingConsentState), { ssr: false });

/**
 * A section that could not be shown: a console segment's `error.tsx` (retry re-renders the
 * segment) or a data section of a page (retry refetches). A missing consent is a fact about the
 * vehicle, explained as an empty state (no retry would change it); anything else is the error
 * state, with the server's error reference when there is one.
 */
export function SectionError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const missing = missingConsentOf(error);
  if (missing) return <MissingConsentState missing={missing} />;
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  const state = <ErrorState error={error} title={title} onRetry={onRetry} />;
  if (!digest) return state;
  return (
    <div className="space-y-2">
      {state}
      <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">Error reference {digest}</p>
    </div>
  );
}
