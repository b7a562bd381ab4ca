import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/lib/db/testing.test-support';
import { recordCommandRejected, recordCommandRequested } from './command-executions';
import { createOrganization } from './organizations';
import { recordWebhookEvent } from './webhook-events';
import { countWaitingWork } from './work-waiting';

describe('countWaitingWork (the job queue depth metric)', () => {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  }, 120_000);
  afterAll(() => t?.close());

  it('counts executions not settled and events not applied; a settled execution leaves the count', async () => {
    const db = t!.db;
    expect(await countWaitingWork(db)).toEqual({ 'commands.settle': 0, 'events.apply': 0, 'bulk.run': 0 });
    const org = await createOrganization(db, { slug: 'work', name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const request = () =>
      recordCommandRequested(db, { organizationId: org.id, vehicleId: 'veh_1', command: 'LOCK_DOORS', requestedBy: null });
    await request();
    const refused = await request();
    await recordCommandRejected(db, refused.id, { errorCode: 'VALIDATION_ERROR' });
    const now = new Date();
    await recordWebhookEvent(db, {
      organizationId: org.id,
      webhookId: 'msg_1',
      webhookTimestamp: now,
      type: 'device.connected',
      vehicleId: 'veh_1',
      occurredAt: now,
      payload: {},
      receivedAt: now,
    });
    expect(await countWaitingWork(db)).toEqual({ 'commands.settle': 1, 'events.apply': 1, 'bulk.run': 0 });
  });
});
