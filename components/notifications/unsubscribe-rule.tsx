'use client';

import Link from 'next/link';
import { StopMail } from '@/components/ui/stop-mail';
import { useUnsubscribeRule } from '@/lib/notifications/query';

/** A notification mail's unsubscribe page: the member stops receiving that rule's mail. */
export function UnsubscribeRule({ org, ruleId }: { org: string; ruleId: string }) {
  const unsubscribe = useUnsubscribeRule(org);
  return (
    <StopMail
      question="Stop e-mail from this notification rule to you? Other members keep receiving it."
      button="Stop these e-mails"
      state={unsubscribe}
      onStop={() => unsubscribe.mutate(ruleId)}
      done={
        <>
          You will get no more e-mail from “{unsubscribe.data?.rule}”. Its notifications still reach your{' '}
          <Link className="underline" href={`/o/${org}/notifications`}>
            inbox
          </Link>{' '}
          when the rule uses it.
        </>
      }
    />
  );
}
