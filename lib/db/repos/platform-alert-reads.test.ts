import { describe, expect, it } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from './organizations';
import { findPlatformAlertReads, foldPushedAlert, savePlatformAlertRead } from './platform-alert-reads';

describe('foldPushedAlert (a pushed alert.updated in the inboxes before the read expires)', () => {
  const t = useTestDatabase('pglite');

  const read = {
    id: 'alt_1',
    vehicleId: 'veh_a',
    status: 'ACTIVE',
    muted: false,
    currentSeverity: 'HIGH',
    updatedAt: '2026-11-01T10:00:00Z',
    definition: { code: 'TIRE_PRESSURE', name: 'Low tire pressure' },
    resolutions: [{ title: 'Inflate', steps: [{ order: 1, title: 'Check the tires' }] }],
  };
  const alertsOf = async (orgId: string) => (await findPlatformAlertReads(t.db, orgId, ['veh_a']))[0]?.alerts;

  it('replaces a known alert forward only, keeps what the event leaves out, adds a new one, and needs a read to fold into', async () => {
    const db = t.db;
    const org = await createOrganization(db, { slug: 'fold', name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const fetchedAt = new Date('2026-11-01T10:01:00Z');

    // No read yet: nothing is invented (the next look reads the upstream).
    expect(await foldPushedAlert(db, org.id, 'veh_a', { id: 'alt_1', status: 'RESOLVED', updatedAt: '2026-11-01T11:00:00Z' })).toBe(false);
    expect(await alertsOf(org.id)).toBeUndefined();

    await savePlatformAlertRead(db, { organizationId: org.id, vehicleId: 'veh_a', alerts: [read], upstreamRequestId: 'req_1', fetchedAt });

    // Resolved by an event: status and time change, the definition and steps of the read stay.
    expect(
      await foldPushedAlert(db, org.id, 'veh_a', { id: 'alt_1', status: 'RESOLVED', updatedAt: '2026-11-01T11:00:00Z', muted: undefined }),
    ).toBe(true);
    expect(await alertsOf(org.id)).toEqual([{ ...read, status: 'RESOLVED', updatedAt: '2026-11-01T11:00:00Z' }]);

    // An older event arriving late changes nothing.
    expect(await foldPushedAlert(db, org.id, 'veh_a', { id: 'alt_1', status: 'ACTIVE', updatedAt: '2026-11-01T10:30:00Z' })).toBe(false);
    expect((await alertsOf(org.id))?.[0]).toMatchObject({ status: 'RESOLVED' });

    // An alert the read did not have is added beside it; the read's own time and request id stay.
    const fresh = { id: 'alt_2', vehicleId: 'veh_a', status: 'ACTIVE', updatedAt: '2026-11-01T12:00:00Z' };
    expect(await foldPushedAlert(db, org.id, 'veh_a', fresh)).toBe(true);
    const [row] = await findPlatformAlertReads(db, org.id, ['veh_a']);
    expect(row.alerts).toHaveLength(2);
    expect(row.alerts[1]).toEqual(fresh);
    expect(row).toMatchObject({ fetchedAt, upstreamRequestId: 'req_1' });

    // Another organization's read of the same vehicle id is never touched.
    const other = await createOrganization(db, { slug: 'fold2', name: 'Other', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    await savePlatformAlertRead(db, { organizationId: other.id, vehicleId: 'veh_a', alerts: [read], upstreamRequestId: null, fetchedAt });
    await foldPushedAlert(db, org.id, 'veh_a', { id: 'alt_1', status: 'ACTIVE', updatedAt: '2026-11-01T13:00:00Z' });
    expect(await alertsOf(other.id)).toEqual([read]);
  });

  it('keeps what an event changed after a read started, and never lets an older read replace a newer one', async () => {
    const db = t.db;
    const org = await createOrganization(db, { slug: 'race', name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const save = (alerts: unknown[], fetchedAt: string, upstreamRequestId: string) =>
      savePlatformAlertRead(db, { organizationId: org.id, vehicleId: 'veh_a', alerts, upstreamRequestId, fetchedAt: new Date(fetchedAt) });
    await save([read], '2026-11-01T10:01:00Z', 'req_1');

    // A read starts at 10:05 (the upstream still says ACTIVE); meanwhile, at 10:06, an event resolves
    // the alert and another raises a new one; the read is saved after both.
    const started = '2026-11-01T10:05:00Z';
    await foldPushedAlert(db, org.id, 'veh_a', { id: 'alt_1', status: 'RESOLVED', updatedAt: '2026-11-01T10:06:00Z' });
    await foldPushedAlert(db, org.id, 'veh_a', { id: 'alt_9', vehicleId: 'veh_a', status: 'ACTIVE', updatedAt: '2026-11-01T10:06:30Z' });
    const saved = await save([read], started, 'req_2');
    expect(saved.alerts).toEqual([
      { ...read, status: 'RESOLVED', updatedAt: '2026-11-01T10:06:00Z' },
      { id: 'alt_9', vehicleId: 'veh_a', status: 'ACTIVE', updatedAt: '2026-11-01T10:06:30Z' },
    ]);
    expect(saved).toMatchObject({ upstreamRequestId: 'req_2', fetchedAt: new Date(started) });

    // A read newer than the event's change wins, and drops what it no longer lists from before it.
    const later = { ...read, status: 'ACTIVE', updatedAt: '2026-11-01T10:30:00Z' };
    expect((await save([later], '2026-11-01T10:31:00Z', 'req_3')).alerts).toEqual([later]);

    // A slow read that started before the stored one is not kept.
    const stale = await save([], '2026-11-01T10:20:00Z', 'req_old');
    expect(stale).toMatchObject({ upstreamRequestId: 'req_3', alerts: [later] });
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`savePlatformAlertRead on ${leg.kind}: first reads at once`, () => {
    const t = useTestDatabase(leg.kind);

    // Seen on PostgreSQL under load: two viewers' first reads of one vehicle both found no row to
    // lock, both inserted, and the second failed on the primary key (its message reached the page).
    it('keeps one row per vehicle, the newest read, when several first reads are saved at once', async () => {
      const org = await createOrganization(t.db, {
        slug: `first-${leg.kind}`,
        name: 'Org',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 's',
      });
      const reads = Array.from({ length: 8 }, (_, i) => ({
        organizationId: org.id,
        vehicleId: 'veh_first',
        alerts: [{ id: `alt_${i}`, status: 'ACTIVE', updatedAt: '2026-11-01T10:00:00Z' }],
        upstreamRequestId: `req_${i}`,
        fetchedAt: new Date(Date.parse('2026-11-01T10:00:00Z') + i * 1000),
      }));
      const saved = await Promise.allSettled(reads.map((read) => savePlatformAlertRead(t.db, read)));
      expect(saved.filter((r) => r.status === 'rejected')).toEqual([]);
      const rows = await findPlatformAlertReads(t.db, org.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ upstreamRequestId: 'req_7', fetchedAt: reads[7]!.fetchedAt });
    });
  });
}
