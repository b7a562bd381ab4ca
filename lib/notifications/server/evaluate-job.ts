import 'server-only';
import type { Db } from '@/lib/db';
import type { RecurringJob } from '@/lib/jobs';
import { evaluateRules } from './evaluate-rules';

/**
 * The periodic notification rules as a background job: on PostgreSQL the queue the instances share
 * runs each period's pass once across the cluster (the condition rows would still keep a second
 * pass from telling twice). It reads only Motorpool's records: no upstream call.
 */
export function notificationsEvaluateJob(db: () => Db, now: () => Date = () => new Date()): RecurringJob {
  return {
    name: 'notifications.evaluate',
    everyMs: 60_000,
    run: async (signal) => {
      await evaluateRules(db(), now(), { signal });
    },
  };
}
