'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import { EmptyState } from '@/components/ui/states';
import { missingConsentOf } from '@/lib/contract/missing-consent';

/** A section the owner's consent does not cover: a fact about the vehicle, explained with the way to a new consent link. */
export function MissingConsentState({ error }: { error: unknown }) {
  const params = useParams<{ org?: string }>();
  const missing = missingConsentOf(error);
  if (!missing) return null;
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
