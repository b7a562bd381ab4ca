'use client';

import Link from 'next/link';
import { StopMail } from '@/components/ui/stop-mail';
import { useUnsubscribeReport } from '@/lib/reports/query';

/** A report mail's unsubscribe page: the member stops receiving that schedule's mail. */
export function UnsubscribeReport({ org, scheduleId }: { org: string; scheduleId: string }) {
  const unsubscribe = useUnsubscribeReport(org);
  return (
    <StopMail
      question="Stop mailing this scheduled report to you? The other recipients keep receiving it."
      button="Stop this e-mail"
      state={unsubscribe}
      onStop={() => unsubscribe.mutate(scheduleId)}
      done={
        <>
          You will get no more of this {unsubscribe.data?.frequency} report by e-mail. It stays on the{' '}
          <Link className="underline" href={`/o/${org}/reports`}>
            Reports
          </Link>{' '}
          page, and the other recipients keep receiving it.
        </>
      }
    />
  );
}
