'use client';

import { PageFailure } from '@/components/ui/page-failure';

/** Public page: no technical detail, just what the owner can do. */
export default function ConnectReturnError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <PageFailure title="This page could not be shown" reset={reset}>
      Something went wrong on our side while recording your answer. Your choice on the consent page still counts; ask the fleet operator
      whether your vehicle appears.
    </PageFailure>
  );
}
