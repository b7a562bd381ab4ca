import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import type { OrgNotice } from '@/lib/live/notice';
import { liveBus } from '@/lib/live/server/publish-change';
import { organizationWithSnapshotVehicle, signedDelivery } from './webhooks.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0018');

// The vehicle page's events panel and the receiver's last events stop polling while the stream is
// up (lib/live/live-keys.ts covers them): each applied event must tell the organization's pages.
describe('a pushed event, once applied, is a live notice for its vehicle', () => {
  const t = useTestDatabase('pglite');
  const heard: OrgNotice[] = [];
  const { unsubscribe } = liveBus().subscribe((delivered) =>
    heard.push({ organizationId: delivered.organizationId, notice: delivered.notice }),
  );
  afterEach(() => void (heard.length = 0));
  afterAll(unsubscribe);

  it('names the vehicle of a telemetry event, after its figure was stored', async () => {
    const { org, secret, vehicleId, send } = await organizationWithSnapshotVehicle(t.db);
    const at = '2026-03-01T10:00:00.000Z';
    const event = {
      type: 'device.telemetry',
      timestamp: at,
      data: { metricType: 'ODOMETER', vehicle: { id: vehicleId, odometer: { value: 12 } }, timestamp: at },
    };
    expect(await send(signedDelivery(secret, event))).toBe('applied');
    const ofOrg = heard.filter((h) => h.organizationId === org.id).map((h) => h.notice);
    expect(ofOrg).toContainEqual({ kind: 'events', vehicleId });
    // The figure's own notice comes first: a page re-reading on the events notice sees the stored figure.
    expect(ofOrg.findIndex((n) => n.kind === 'vehicle')).toBeLessThan(ofOrg.findIndex((n) => n.kind === 'events'));
  });

  it('tells the receiver’s page about an event without a vehicle, and says nothing for a replay', async () => {
    const { org, secret, send } = await organizationWithSnapshotVehicle(t.db);
    const delivery = signedDelivery(secret, { type: 'motorpool.test', timestamp: new Date().toISOString(), data: {} });
    expect(await send(delivery)).toBe('recorded');
    expect(await send(delivery)).toBe(409);
    expect(heard.filter((h) => h.organizationId === org.id).map((h) => h.notice)).toEqual([{ kind: 'events' }]);
  });
});
