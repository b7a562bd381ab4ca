import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listAlertStepTicks, setAlertStepTick } from '@/lib/db/repos/alert-step-ticks';
import { createOrganization } from '@/lib/db/repos/organizations';
import { savePlatformAlertRead } from '@/lib/db/repos/platform-alert-reads';
import { createUser } from '@/lib/db/repos/users';
import { auditEvents, users } from '@/lib/db/schema';
import { createTestDatabase } from '@/lib/db/testing.test-support';
import type { Role } from '@/lib/auth/permissions';

vi.stubEnv('APP_URL', 'http://console.test');
const state = vi.hoisted(() => ({ db: undefined as unknown, access: undefined as unknown }));
vi.mock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => state.db }));
vi.mock('@/lib/org/org-access', () => ({ loadOrgAccess: async () => state.access }));

// The route itself (its permission, body schema and audit), not a copy of its options.
// eslint-disable-next-line import/no-restricted-paths -- a test of the route file; lib code never imports app/
const { POST } = await import('@/app/api/o/[org]/alerts/steps/route');
const { loadVehicleAlerts } = await import('./load-platform-alerts');

const database = await createTestDatabase('pglite');
const db = database.db;
state.db = db;
afterAll(() => database.close());

const org = await createOrganization(db, { slug: 'ticks', name: 'Ticks', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
const manager = await createUser(db, { email: 'manager@example.com', name: 'Morgan Manager' });
const admin = await createUser(db, { email: 'admin@example.com' });
const support = await createUser(db, { email: 'support@example.com', name: 'Sam Support' });
const as = (user: { id: string; email: string }, role: Role) => {
  state.access = { user: { id: user.id, email: user.email }, org, role };
};

const VEHICLE = 'veh-1';
const ALERT = {
  id: 'alert-1',
  status: 'ACTIVE',
  currentSeverity: 'HIGH',
  updatedAt: '2026-11-29T09:00:00Z',
  definition: { code: 'LOW_STATE_OF_CHARGE', name: 'State of charge below 10 %' },
  resolutions: [
    {
      steps: [
        { order: 1, description: 'Plug the vehicle in' },
        { order: 2, description: 'Check the charger' },
      ],
    },
  ],
};
await savePlatformAlertRead(db, {
  organizationId: org.id,
  vehicleId: VEHICLE,
  alerts: [ALERT],
  upstreamRequestId: null,
  fetchedAt: new Date(),
});

const tick = (body: Record<string, unknown>) =>
  POST(
    new NextRequest('http://console.test/api/o/ticks/alerts/steps', {
      method: 'POST',
      headers: { origin: 'http://console.test', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ org: 'ticks' }) },
  );

describe('the repository of alert step ticks', () => {
  it('keeps one tick per step with who and when; a repeat keeps the first; unticking removes it', async () => {
    const base = { organizationId: org.id, vehicleId: 'veh-repo', alertId: 'a', stepKey: '0.1' };
    await setAlertStepTick(db, { ...base, done: true, userId: manager.id, email: manager.email });
    await setAlertStepTick(db, { ...base, done: true, userId: admin.id, email: admin.email });
    await setAlertStepTick(db, { ...base, stepKey: '0.2', done: true, userId: admin.id, email: admin.email });
    const ticks = await listAlertStepTicks(db, org.id, ['veh-repo']);
    // The member's name, else their email.
    expect(ticks.map((t) => [t.stepKey, t.by]).sort()).toEqual([
      ['0.1', 'Morgan Manager'],
      ['0.2', 'admin@example.com'],
    ]);
    expect(ticks[0]!.at).toBeInstanceOf(Date);
    await setAlertStepTick(db, { ...base, done: false, userId: admin.id, email: admin.email });
    expect((await listAlertStepTicks(db, org.id, ['veh-repo'])).map((t) => t.stepKey)).toEqual(['0.2']);
    expect(await listAlertStepTicks(db, org.id, [])).toEqual([]);
  });

  it('names a member who was deleted by the email kept with the tick', async () => {
    const leaver = await createUser(db, { email: 'leaver@example.com', name: 'Lee Leaver' });
    const base = { organizationId: org.id, vehicleId: 'veh-gone', alertId: 'a', stepKey: '0.1' };
    await setAlertStepTick(db, { ...base, done: true, userId: leaver.id, email: leaver.email });
    await db.delete(users).where(eq(users.id, leaver.id));
    expect((await listAlertStepTicks(db, org.id, ['veh-gone']))[0]!.by).toBe('leaver@example.com');
  });
});

describe('POST /api/o/{org}/alerts/steps', () => {
  it('a manager ticks a step: saved for the team, named, audited, and every member’s read of the alert shows it', async () => {
    as(manager, 'manager');
    const response = await tick({ vehicleId: VEHICLE, alertId: 'alert-1', step: '0.1', done: true });
    expect(response.status).toBe(200);
    expect((await response.json()).tick).toMatchObject({ by: 'Morgan Manager', at: expect.any(String) });
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, 'alert.step_ticked'));
    expect(audited.map((e) => [e.actorEmail, e.targetId, e.details])).toEqual([
      ['manager@example.com', VEHICLE, { alertId: 'alert-1', step: '0.1', done: true }],
    ]);
    // Another member's read (no upstream call: the read is fresh).
    const { alerts } = await loadVehicleAlerts(db, org.id, {} as never, VEHICLE);
    expect(alerts[0]!.steps.map((s) => [s.text, s.tick?.by ?? null])).toEqual([
      ['Plug the vehicle in', 'Morgan Manager'],
      ['Check the charger', null],
    ]);
  });

  it('support reads the ticks but may not tick (403), and nothing changes', async () => {
    as(support, 'support');
    const response = await tick({ vehicleId: VEHICLE, alertId: 'alert-1', step: '0.2', done: true });
    expect(response.status).toBe(403);
    expect((await listAlertStepTicks(db, org.id, [VEHICLE])).map((t) => t.stepKey)).toEqual(['0.1']);
  });

  it('an admin unticks; a step or alert the read does not list is a 404; a bad body names the field', async () => {
    as(admin, 'admin');
    const untick = await tick({ vehicleId: VEHICLE, alertId: 'alert-1', step: '0.1', done: false });
    expect(await untick.json()).toEqual({ tick: null });
    expect(await listAlertStepTicks(db, org.id, [VEHICLE])).toEqual([]);
    expect((await tick({ vehicleId: VEHICLE, alertId: 'alert-1', step: '9.9', done: true })).status).toBe(404);
    expect((await tick({ vehicleId: VEHICLE, alertId: 'other', step: '0.1', done: true })).status).toBe(404);
    const bad = await tick({ vehicleId: VEHICLE, alertId: 'alert-1', step: '0.1' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/done/);
  });
});
