import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';
import { seedReportHistory } from '@/lib/reports/server/report-history.test-support';
import { PERMISSIONS } from '@/lib/auth/permissions';

/**
 * The report routes as a program calls them: the permission, the query's validation (errors name
 * the field), and what the CSV downloads hold, from a history store seeded here.
 */
stubRouteEnv();

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));

const report = await import('./route');
const exportRoute = await import('./export/route');
const logbook = await import('./logbook/[vehicleId]/route');

const context = (params: Record<string, string>) => ({ params: Promise.resolve({ org: 'rep', ...params }) });
const url = (path: string) => `${CONSOLE_URL}/api/o/rep/reports${path}`;

describe('the report routes, with reports.read', () => {
  const credential = useScopedCredential('rep', (db) => (state.db = db));
  beforeAll(async () => seedReportHistory(state.db as Parameters<typeof seedReportHistory>[0], credential.organizationId()));

  it('answers a month’s totals per vehicle and in total, from the store', async () => {
    const response = await report.GET(bearerRequest(url('?period=2026-11'), credential.secret()), context({}));
    expect(response.status).toBe(200);
    const body = await response.json();
    const a = body.rows.find((r: { vehicleId: string }) => r.vehicleId === 'veh_a');
    expect(a).toMatchObject({ distanceKm: 32.5, journeys: 2, drivingSeconds: 120 * 60, energyChargedKwh: 30, chargingSessions: 1 });
    expect(a).toMatchObject({ healthStart: 96, healthEnd: 95.5 });
    expect(body.total).toMatchObject({ vehicles: 2, distanceKm: 72.5, journeys: 3, chargingSessions: 1 });
    expect(body.period).toMatchObject({ kind: 'month', key: '2026-11', label: 'November 2026' });
  });

  it('refuses a period it cannot read and a half-given tag, naming the field', async () => {
    const bad = await report.GET(bearerRequest(url('?period=2026-13'), credential.secret()), context({}));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual([expect.objectContaining({ path: 'period', in: 'query' })]);
    const long = await report.GET(bearerRequest(url('?period=2025-01-01..2026-11-01'), credential.secret()), context({}));
    expect((await long.json()).error.fields[0]).toMatchObject({ path: 'period', message: 'A range has at most 400 days' });
    const half = await report.GET(bearerRequest(url('?tagKey=depot'), credential.secret()), context({}));
    expect(half.status).toBe(400);
    expect((await half.json()).error.fields).toEqual([expect.objectContaining({ path: 'tagValue', in: 'query' })]);
    const table = await exportRoute.GET(bearerRequest(url('/export?table=everything'), credential.secret()), context({}));
    expect((await table.json()).error.fields).toEqual([expect.objectContaining({ path: 'table', in: 'query' })]);
    const view = await report.GET(bearerRequest(url('?view=00000000-0000-4000-8000-000000000000'), credential.secret()), context({}));
    expect(view.status).toBe(400);
    expect((await view.json()).error.fields).toEqual([expect.objectContaining({ path: 'view' })]);
  });

  it('downloads the per-vehicle table as CSV, the total as its last row', async () => {
    const response = await exportRoute.GET(bearerRequest(url('/export?period=2026-11&table=vehicles'), credential.secret()), context({}));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('report-2026-11-vehicles.csv');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'vehicle_id,vin,registration_plate,distance_km,driving_hours,journeys,energy_charged_kwh,charging_sessions,charging_cost,currency,idle_days,days_without_data,battery_health_start_pct,battery_health_end_pct',
    );
    // Data on 2, 3, 4, 5 and 20 November, journeys on two of them: three idle days.
    expect(lines[1]).toMatch(/^veh_a,,,32\.5,2,2,30,1,,,3,\d+,96,95\.5$/);
    expect(lines[2]).toMatch(/^veh_b,,,40,1,1,0,0,,,0,\d+,,$/);
    expect(lines[3]).toMatch(/^TOTAL,,,72\.5,3,3,30,1,,,3,\d+,96,95\.5$/);
  });

  it('downloads the per-day table with every day of the month so far', async () => {
    const response = await exportRoute.GET(bearerRequest(url('/export?period=2026-11&table=days'), credential.secret()), context({}));
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('day_utc,distance_km,driving_hours,journeys,energy_charged_kwh,charging_sessions');
    expect(lines).toContain('2026-11-03,20,0.5,1,0,0');
    expect(lines).toContain('2026-11-05,0,0,0,30,1');
    expect(lines[1]).toBe('2026-11-01,0,0,0,0,0');
  });

  it('downloads a vehicle’s logbook: each journey oldest first, with times, places and the odometer', async () => {
    const response = await logbook.GET(
      bearerRequest(url('/logbook/veh_a?period=2026-11'), credential.secret()),
      context({ vehicleId: 'veh_a' }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      [
        'date_utc,start_time_utc,end_time_utc,start_place,end_place,distance_km,odometer_start_km,odometer_end_km,journey_id',
        '2026-11-03,08:00,08:30,"48.13743, 11.57549","48.20000, 11.60000",20,1000,1020,j1',
        '2026-11-04,17:15,18:45,"48.13743, 11.57549","48.20000, 11.60000",12.5,1000,1012.5,j2',
        '',
      ].join('\r\n'),
    );
  });
});

describe('the report routes, without reports.read', () => {
  const credential = useScopedCredential(
    'rep',
    (db) => (state.db = db),
    PERMISSIONS.filter((p) => p !== 'reports.read'),
  );

  it('refuses the report, its CSV and the logbook', async () => {
    for (const [route, path, params] of [
      [report.GET, '?period=2026-11', {}],
      [exportRoute.GET, '/export?table=vehicles', {}],
      [logbook.GET, '/logbook/veh_a', { vehicleId: 'veh_a' }],
    ] as const) {
      const response = await route(bearerRequest(url(path), credential.secret()), context(params));
      expect(response.status, path).toBe(403);
      expect((await response.json()).error.code).toBe('API_CREDENTIAL_SCOPE');
    }
  });
});
