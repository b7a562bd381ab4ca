'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { missingConsentOf } from '@/lib/contract/missing-consent';

/**
 * A section that could not be shown: a console segment's `error.tsx` (retry re-renders the
 * segment) or a data section of a page (retry refetches). A missing consent is a fact about the
 * vehicle, explained as an empty state (no retry would change it); anything else is the error
 * state, with the server's error reference when there is one.
 */
export function SectionError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const missing = missingConsentOf(error);
  const params = useParams<{ org?: string }>();
  if (!missing) {
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
  return (
    <EmptyState title={`No consent for ${missing.words}`}>
      <p>{missing.message}</p>
      <p className="mt-1">
        The owner chose what to share when they connected their account. To see this section, send them a new consent link that includes{' '}
        {missing.words}
        {params.org ? (
          <>
            {' '}
            from{' '}
            <Link href={`/o/${params.org}/connect`} className="underline">
              Connect
            </Link>
          </>
        ) : null}
        .
      </p>
    </EmptyState>
  );
}
