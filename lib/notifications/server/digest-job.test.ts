import { describe, expect, it, vi } from 'vitest';
import { holdMails, saveDeliveryPreferences } from '@/lib/db/repos/notifications/delivery';
import { postgresAvailable } from '@/lib/db/testing.test-support';
import { useTwoInstances } from '@/lib/jobs/two-instances.test-support';
import { DEFAULT_DELIVERY } from '../delivery-timing';
import { HOUR_MS, orgWithSilenceRule } from './notifications-test-org.test-support';
import { notificationsDigestJob } from './send-digests';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');
vi.stubEnv('APP_URL', 'https://motorpool.example');

const available = await postgresAvailable();

describe.skipIf(!available)('the digest pass on the queue two instances share (PostgreSQL)', () => {
  const cluster = useTwoInstances();

  it('runs a period’s digest once across two instances: one mail with the held items', async () => {
    const { org, manager, rule } = await orgWithSilenceRule(cluster.db(), 'digest-cluster', ['email']);
    await saveDeliveryPreferences(cluster.db(), manager.id, { ...DEFAULT_DELIVERY, timeZone: 'UTC', digest: 'hourly' });
    const heldAt = new Date(Date.now() - 2 * HOUR_MS);
    await holdMails(
      cluster.db(),
      ['veh-1', 'veh-2'].map((id) => ({
        organizationId: org.id,
        userId: manager.id,
        ruleId: rule.id,
        kind: 'no_data' as const,
        title: `No data from ${id} for 6 hours`,
        body: '',
        path: `/o/digest-cluster/vehicles/${id}`,
        heldAt,
      })),
    );
    const { name, runs } = await cluster.runOnBoth((db, mailer) => notificationsDigestJob(db, undefined, mailer));
    expect(name).toBe('notifications.digest');
    expect(runs).toHaveLength(1);
    const digest = await cluster.smtp().nextTo(manager.email);
    expect(digest.subject).toBe('[Fleet digest-cluster] Digest: 2 notifications');
    expect(digest.text).toContain('https://motorpool.example/o/digest-cluster/vehicles/veh-2');
    expect(cluster.smtp().countTo(manager.email)).toBe(1);
  }, 90_000);
});
