import { describe, expect, it, vi } from 'vitest';
import { listInbox } from '@/lib/db/repos/notifications/inbox';
import { postgresAvailable } from '@/lib/db/testing.test-support';
import { useTwoInstances } from '@/lib/jobs/two-instances.test-support';
import { notificationsEvaluateJob } from './evaluate-job';
import { HOUR_MS, orgWithSilenceRule } from './notifications-test-org.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');

const available = await postgresAvailable();

describe.skipIf(!available)('the notification pass on the queue two instances share (PostgreSQL)', () => {
  const cluster = useTwoInstances();

  it('runs a period’s evaluation once across two instances, telling the silent vehicle once', async () => {
    const { org, manager, seen } = await orgWithSilenceRule(cluster.db(), 'cluster');
    await seen('quiet-1', new Date(Date.now() - 7 * HOUR_MS));
    // Each instance: its own pool, database handle and runner, the production job definition.
    const { name, runs } = await cluster.runOnBoth((db) => notificationsEvaluateJob(db));
    expect(name).toBe('notifications.evaluate');
    expect(runs).toHaveLength(1);
    const inbox = await listInbox(cluster.db(), org.id, manager.id, { limit: 10 });
    expect(inbox.map((n) => n.title)).toEqual(['No data from quiet-1 for 6 hours']);
  }, 90_000);
});
