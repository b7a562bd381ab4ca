'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { missingConsentOf } from '@/lib/vehicle-data/consent';

/**
 * A vehicle data section that could not be loaded. A missing consent is a fact about the vehicle,
 * explained as an empty state (no retry would change it); anything else is the error state.
 */
export function SectionError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const missing = missingConsentOf(error);
  const params = useParams<{ org?: string }>();
  if (!missing) return <ErrorState error={error} title={title} onRetry={onRetry} />;
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
