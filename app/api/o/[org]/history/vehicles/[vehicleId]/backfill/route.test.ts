import { describe, expect, it, vi } from 'vitest';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import { backfillAudit, otherOrganizationVehicle, seedFleetVehicle, storedBackfill } from '@/lib/history/server/backfill.test-support';

/**
 * A vehicle's history backfill as a program asks for it: reports.read sees the estimate and the
 * request, reports.write (managers and admins) asks; support reads only. Another organization's
 * vehicle is not found; a second request while one is open merges into it; each request audited.
 */
stubRouteEnv();

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));

const route = await import('./route');

const DAY = 86_400_000;
const dayKey = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const context = (vehicleId: string) => ({ params: Promise.resolve({ org: 'backfill', vehicleId }) });
const url = (vehicleId: string, search = '') => `${CONSOLE_URL}/api/o/backfill/history/vehicles/${vehicleId}/backfill${search}`;

describe('asking for a vehicle’s history backfill, as a manager’s credential', () => {
  const credential = useScopedCredential('backfill', (d) => (state.db = d), ROLE_PERMISSIONS.manager);
  const post = (vehicleId: string, body: unknown) =>
    route.POST(bearerRequest(url(vehicleId), credential.secret(), { method: 'POST', body }), context(vehicleId));
  const get = (vehicleId: string, search = '') => route.GET(bearerRequest(url(vehicleId, search), credential.secret()), context(vehicleId));

  it('shows the cost before, records the request once however often it is asked, and audits each ask', async () => {
    const orgId = credential.organizationId();
    await seedFleetVehicle(state.db, orgId, 'veh_backfill');

    const shown = await get('veh_backfill', `?from=${dayKey(200)}`);
    expect(shown.status).toBe(200);
    const panel = await shown.json();
    // Nothing gathered yet: every day from the start up to now (200 and part of today) at the assumed
    // density (4 journeys, 1 charging session a day), in pages of 100; 10 calls a day (5 % of 200).
    expect(panel.request).toBeNull();
    expect(panel.unreadable).toBeNull();
    expect(panel.estimate.kinds.journeys).toMatchObject({ densitySource: 'assumed', itemsPerDay: 4, pages: 9 });
    expect(panel.estimate.kinds.charging).toMatchObject({ densitySource: 'assumed', itemsPerDay: 1, pages: 3 });
    expect(panel.estimate).toMatchObject({ calls: 12, budget: { callsPerWindow: 10, known: true } });
    expect(panel.latest).toBe(dayKey(1));

    const first = await post('veh_backfill', { from: dayKey(200) });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      merged: false,
      backfill: { from: dayKey(200), status: 'queued', estimatedCalls: 12, calls: 0 },
      estimate: { calls: 12 },
    });

    // Again while it is queued, with a later start: merged, nothing more to gather.
    const again = await post('veh_backfill', { from: dayKey(100) });
    expect(await again.json()).toMatchObject({ merged: true, backfill: { from: dayKey(200), status: 'queued' } });
    // With an earlier start: the one request reaches further.
    const earlier = await post('veh_backfill', { from: dayKey(300) });
    expect(await earlier.json()).toMatchObject({ merged: true, backfill: { from: dayKey(300), status: 'queued' } });
    const stored = await storedBackfill(state.db, orgId, 'veh_backfill');
    expect(stored).toMatchObject({ status: 'queued', requestedByEmail: 'admin@backfill.example' });
    expect(stored?.requestedFrom.toISOString().slice(0, 10)).toBe(dayKey(300));

    const listed = await (await get('veh_backfill')).json();
    expect(listed.request).toMatchObject({ from: dayKey(300), status: 'queued' });
    // Without a start, the estimate is for the earliest the retention keeps.
    expect(listed.estimate.from).toBe(listed.earliest);

    expect((await backfillAudit(state.db, orgId)).map((e) => [e.action, e.outcome, e.targetId, e.details])).toEqual([
      [
        'history.backfill_requested',
        'success',
        'veh_backfill',
        expect.objectContaining({ from: dayKey(200), merged: false, estimatedCalls: 12 }),
      ],
      [
        'history.backfill_requested',
        'success',
        'veh_backfill',
        expect.objectContaining({ from: dayKey(100), requestFrom: dayKey(200), merged: true }),
      ],
      [
        'history.backfill_requested',
        'success',
        'veh_backfill',
        expect.objectContaining({ from: dayKey(300), requestFrom: dayKey(300), merged: true }),
      ],
    ]);
  });

  it('refuses a start it cannot keep or read, naming the field', async () => {
    await seedFleetVehicle(state.db, credential.organizationId(), 'veh_dates');
    for (const [body, message] of [
      [{}, 'Enter the start date'],
      [{ from: '2026-02-30' }, 'The start date must be a real date (YYYY-MM-DD)'],
      [{ from: dayKey(0) }, `The start date must be on or before ${dayKey(1)}`],
      [{ from: dayKey(800) }, expect.stringMatching(/^The start date must be on or after \d{4}-\d{2}-\d{2}: older history is not kept$/)],
    ] as const) {
      const refused = await post('veh_dates', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((await refused.json()).error.fields).toEqual([expect.objectContaining({ path: 'from', message })]);
    }
    const query = await get('veh_dates', '?from=yesterday');
    expect(query.status).toBe(400);
    expect((await query.json()).error.fields).toEqual([expect.objectContaining({ path: 'from', in: 'query' })]);
    expect(await storedBackfill(state.db, credential.organizationId(), 'veh_dates')).toBeUndefined();
  });

  it('does not find another organization’s vehicle, and refuses a vehicle that is not listening', async () => {
    await otherOrganizationVehicle(state.db, 'elsewhere', 'veh_theirs');
    expect((await get('veh_theirs')).status).toBe(404);
    const refused = await post('veh_theirs', { from: dayKey(30) });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe('NOT_FOUND');

    await seedFleetVehicle(state.db, credential.organizationId(), 'veh_quiet', { isListening: false });
    expect((await (await get('veh_quiet')).json()).unreadable).toBe('The vehicle is not listening: turn listening on first.');
    const quiet = await post('veh_quiet', { from: dayKey(30) });
    expect(quiet.status).toBe(409);
    expect((await quiet.json()).error.code).toBe('HISTORY_UNREADABLE');
    expect(await storedBackfill(state.db, credential.organizationId(), 'veh_quiet')).toBeUndefined();
  });
});

describe('a vehicle’s history backfill, as support (read-only)', () => {
  const credential = useScopedCredential('backfill', (d) => (state.db = d), ROLE_PERMISSIONS.support);

  it('sees the estimate but may not ask for it', async () => {
    await seedFleetVehicle(state.db, credential.organizationId(), 'veh_support');
    expect((await route.GET(bearerRequest(url('veh_support'), credential.secret()), context('veh_support'))).status).toBe(200);
    const refused = await route.POST(
      bearerRequest(url('veh_support'), credential.secret(), { method: 'POST', body: { from: dayKey(30) } }),
      context('veh_support'),
    );
    expect(refused.status).toBe(403);
    expect(await storedBackfill(state.db, credential.organizationId(), 'veh_support')).toBeUndefined();
  });
});
