import 'server-only';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../index';
import { bulkJobItems, bulkJobs, commandExecutions, webhookEvents } from '../schema';

/**
 * What each background job still has to do, across the cluster (the metric's "job queue depth"):
 * executions not settled, pushed events not applied, items of running bulk jobs not decided.
 */
export async function countWaitingWork(db: Db): Promise<Record<'commands.settle' | 'events.apply' | 'bulk.run', number>> {
  const [[commands], [events], [items]] = await Promise.all([
    db.select({ n: count() }).from(commandExecutions).where(isNull(commandExecutions.settledAt)),
    db.select({ n: count() }).from(webhookEvents).where(isNull(webhookEvents.appliedAt)),
    db
      .select({ n: count() })
      .from(bulkJobItems)
      .innerJoin(bulkJobs, eq(bulkJobs.id, bulkJobItems.jobId))
      .where(and(eq(bulkJobs.status, 'running'), eq(bulkJobItems.outcome, 'pending'))),
  ]);
  return { 'commands.settle': commands?.n ?? 0, 'events.apply': events?.n ?? 0, 'bulk.run': items?.n ?? 0 };
}
