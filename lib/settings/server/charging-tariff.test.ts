import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOrganization } from '@/lib/db/repos/organizations';
import { upsertChargingSessions } from '@/lib/db/repos/history/store';
import { createUser } from '@/lib/db/repos/users';
import { auditEvents } from '@/lib/db/schema';
import { createTestDatabase } from '@/lib/db/testing.test-support';
import type { Role } from '@/lib/auth/permissions';
import { chargingCostByVehicle } from '@/lib/history/server/history-queries';

vi.stubEnv('APP_URL', 'http://console.test');
vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');
const state = vi.hoisted(() => ({ db: undefined as unknown, access: undefined as unknown }));
vi.mock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => state.db }));
vi.mock('@/lib/org/org-access', () => ({ loadOrgAccess: async () => state.access }));

// The route itself (its permissions, body schema and audit), not a copy of its options.
// eslint-disable-next-line import/no-restricted-paths -- a test of the route file; lib code never imports app/
const { GET, PUT } = await import('@/app/api/o/[org]/settings/tariff/route');

const database = await createTestDatabase('pglite');
const db = database.db;
state.db = db;
afterAll(() => database.close());

const org = await createOrganization(db, { slug: 'tariff', name: 'Tariff', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
const admin = await createUser(db, { email: 'admin@example.com' });
const support = await createUser(db, { email: 'support@example.com' });
const as = (user: { id: string; email: string }, role: Role) => {
  state.access = { user: { id: user.id, email: user.email }, org, role };
};

const context = { params: Promise.resolve({ org: 'tariff' }) };
const get = () => GET(new NextRequest('http://console.test/api/o/tariff/settings/tariff'), context);
const put = (body: unknown) =>
  PUT(
    new NextRequest('http://console.test/api/o/tariff/settings/tariff', {
      method: 'PUT',
      headers: { origin: 'http://console.test', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    context,
  );

const TARIFF = {
  currency: 'eur',
  timeZone: 'Europe/Berlin',
  pricePerKwh: 0.4,
  bands: [{ start: '02:00', end: '04:00', pricePerKwh: 1 }],
};

describe('the charging tariff setting', () => {
  it('is none at first, set by an admin (audited), read by every role, refused to others for writing', async () => {
    as(support, 'support');
    expect(await (await get()).json()).toEqual({ tariff: null });
    const refused = await put(TARIFF);
    expect(refused.status).toBe(403);

    as(admin, 'admin');
    const saved = await put(TARIFF);
    expect(saved.status).toBe(200);
    expect((await saved.json()).tariff).toMatchObject({ ...TARIFF, currency: 'EUR' });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.id));
    expect(audit.map((a) => [a.action, a.outcome])).toContainEqual(['settings.tariff_changed', 'success']);

    as(support, 'support');
    expect((await (await get()).json()).tariff).toMatchObject({ currency: 'EUR', timeZone: 'Europe/Berlin', pricePerKwh: 0.4 });
  });

  it('names the field of a bad input', async () => {
    as(admin, 'admin');
    const response = await put({ ...TARIFF, timeZone: 'Europe/Atlantis' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('timeZone');
  });

  it('prices each vehicle’s stored sessions of a period with it, across the change of the clocks', async () => {
    as(admin, 'admin');
    expect((await put(TARIFF)).status).toBe(200);
    const stored = (vehicleId: string, sessionId: string, start: string, end: string, kwh: number | null) => ({
      organizationId: org.id,
      vehicleId,
      sessionId,
      startedAt: new Date(start),
      endedAt: new Date(end),
      kwhFromGrid: kwh,
      gatheredAt: new Date('2026-04-02T00:00:00Z'),
    });
    await upsertChargingSessions(db, [
      // 01:00 CET to 05:00 CEST: one real hour in the 02:00-04:00 band.
      stored('v1', 'c1', '2026-03-29T00:00:00Z', '2026-03-29T03:00:00Z', 30),
      stored('v1', 'c2', '2026-03-30T10:00:00Z', '2026-03-30T11:00:00Z', 10),
      stored('v2', 'c1', '2026-03-30T10:00:00Z', '2026-03-30T11:00:00Z', null),
      stored('v2', 'c2', '2026-04-01T10:00:00Z', '2026-04-01T11:00:00Z', 99),
    ]);
    const march = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
    const costs = await chargingCostByVehicle(db, org.id, march);
    expect(costs.tariff?.currency).toBe('EUR');
    expect(costs.vehicles.map((v) => [v.vehicleId, v.sessions, v.unpricedSessions, v.kwh])).toEqual([
      ['v1', 2, 0, 40],
      ['v2', 1, 1, 0],
    ]);
    expect(costs.vehicles[0].cost).toBeCloseTo(10 * 1 + 20 * 0.4 + 10 * 0.4, 9);
    expect(costs.total).toMatchObject({ sessions: 3, unpricedSessions: 1, kwh: 40 });
    expect((await chargingCostByVehicle(db, org.id, march, ['v2'])).vehicles.map((v) => v.vehicleId)).toEqual(['v2']);
  });
});
