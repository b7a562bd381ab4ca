'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { useUnsubscribeRule } from '@/lib/notifications/query';

/** The page an e-mail's unsubscribe link opens: one button (a link alone changes nothing, so mail scanners cannot). */
export function UnsubscribeRule({ org, ruleId }: { org: string; ruleId: string }) {
  const unsubscribe = useUnsubscribeRule(org);
  if (unsubscribe.isSuccess)
    return (
      <p role="status">
        You will get no more e-mail from “{unsubscribe.data.rule}”. Its notifications still reach your{' '}
        <Link className="underline" href={`/o/${org}/notifications`}>
          inbox
        </Link>{' '}
        when the rule uses it.
      </p>
    );
  return (
    <div className="space-y-3">
      <p>Stop e-mail from this notification rule to you? Other members keep receiving it.</p>
      {unsubscribe.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {unsubscribe.error.message}
        </p>
      ) : null}
      <Button onClick={() => unsubscribe.mutate(ruleId)} disabled={unsubscribe.isPending}>
        Stop these e-mails
      </Button>
    </div>
  );
}
