'use client';

import dynamic from 'next/dynamic';
import { ErrorState } from '@/components/ui/error-state';
import { CONSENT_MISSING } from '@/lib/contract/consent-scopes';

// Every console segment's error.tsx renders this, so it is in every page's first load (once per
// segment): the missing-consent explanation, a data section's case, loads when a section fails for it.
const MissingConsentState = dynamic(() => import('./missing-consent-state').then((m) => m.MissingConsentState), { ssr: false });

/**
 * A section that could not be shown: a console segment's `error.tsx` (retry re-renders the
 * segment) or a data section of a page (retry refetches). A missing consent is a fact about the
 * vehicle, explained as an empty state (no retry would change it); anything else is the error
 * state, with the server's error reference when there is one.
 */
export function SectionError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  if ((error as { code?: unknown } | null)?.code === CONSENT_MISSING) return <MissingConsentState error={error} />;
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
