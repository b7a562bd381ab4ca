import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization, setWebhookSecret } from '@/lib/db/repos/organizations';
import {
  getSnapshot,
  listSnapshots,
  matchSnapshots,
  recordPushedReading,
  recordReading,
  recordStateOfHealth,
} from '@/lib/db/repos/vehicle-snapshots';
import { recordWebhookEvent } from '@/lib/db/repos/webhook-events';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike, type VehicleApi } from '@/lib/vehicle-api';
import { refreshSnapshots, type SnapshotPolicy } from './refresh-snapshots';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0015');

const MINUTE = 60_000;
const POLICY: SnapshotPolicy = { intervalMs: 15 * MINUTE, budgetShare: 0.25, budgetTtlMs: 24 * 60 * MINUTE, concurrency: 4 };

/** What the vendor answered, with the chance to reshape it as another vendor would send it. */
type Reshape = (path: string, body: unknown) => unknown;

/** A sandbox on its own clock and a client that counts what it asks, by kind of call. */
function world(vehiclesPerOrg = 30, reshape?: Reshape) {
  let clock = Date.parse('2026-11-20T08:00:00Z');
  const sandbox = createSandbox({ seed: 15, vehiclesPerOrg, now: () => clock });
  const upstream = sandbox.organizations[0];
  const calls: string[] = [];
  const fetch: FetchLike = (input, init) => {
    const path = new URL(input).pathname;
    if (!path.endsWith('/oauth2/token'))
      calls.push(
        path.endsWith('/telemetry')
          ? 'telemetry'
          : path.endsWith('/rate-limits')
            ? 'rate-limits'
            : path.endsWith('/vehicles')
              ? 'list'
              : path,
      );
    if (!reshape) return sandbox.fetch(input, init);
    return sandbox.fetch(input, init).then(async (response) => {
      if (!response.ok || !response.headers.get('content-type')?.includes('json')) return response;
      return new Response(JSON.stringify(reshape(path, await response.json())), { status: response.status, headers: response.headers });
    });
  };
  const api: VehicleApi = createVehicleApi({
    baseUrl: 'http://sandbox.local',
    clientId: upstream.clientId,
    clientSecret: upstream.clientSecret,
    fetch,
    retry: { baseDelayMs: 1 },
    logger: () => {},
  });
  const count = (kind: string) => calls.filter((c) => c === kind).length;
  return {
    sandbox,
    api,
    calls,
    count,
    fixtures: sandbox.fixtures(upstream.id),
    now: () => new Date(clock),
    advance: (ms: number) => (clock += ms),
    /** Deletes upstream every vehicle but these: a day of ticks costs per vehicle read, and a few show the spacing. */
    keepOnly: async (...keep: (keyof ReturnType<typeof sandbox.fixtures>)[]) => {
      const ids = new Set<unknown>(keep.map((name) => sandbox.fixtures(upstream.id)[name]));
      for (const v of (await api.listVehicles()).data.results) if (!ids.has(v.id)) await api.deleteVehicle(v.id);
      calls.length = 0;
    },
  };
}

const HEALTH_POLICY: SnapshotPolicy = { ...POLICY, stateOfHealthIntervalMs: 24 * 60 * MINUTE };

for (const leg of await databaseLegs()) {
  // A simulated day is 288 ticks, each a few queries: on PostgreSQL on a loaded 2-core machine
  // that outlasts the default 20 s.
  const DAY_OF_TICKS_TIMEOUT_MS = 90_000;

  describe.skipIf(!leg.available)(`the fleet snapshot, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    async function organization(api: VehicleApi) {
      const suffix = Math.random().toString(36).slice(2, 8);
      const org = await createOrganization(t.db, { slug: `s${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      // Other tests' organizations get no client: each test sees only its own.
      const apiFor = async (id: string) => (id === org.id ? api : undefined);
      return { id: org.id, apiFor };
    }

    it('reads every listening, connected vehicle once on the first pass, then nothing until its budget interval has passed', async () => {
      const w = world(30);
      const org = await organization(w.api);
      const first = await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      const rows = await listSnapshots(t.db, org.id);
      const readable = rows.filter((r) => r.isListening && r.connectionStatus === 'CONNECTED');
      expect(rows.length).toBe(first.listed);
      expect(rows.length).toBeGreaterThan(20);
      expect(readable.length).toBeLessThan(rows.length);
      expect(w.count('list')).toBe(1);
      expect(w.count('telemetry')).toBe(readable.length);
      expect(w.count('rate-limits')).toBe(readable.length);
      // Vehicles not listening are never read.
      expect(rows.find((r) => r.vehicleId === w.fixtures.notListeningVehicleId)?.fetchedAt).toBeNull();
      const online = await getSnapshot(t.db, org.id, w.fixtures.onlineListeningVehicleId);
      expect(online?.stateOfCharge).toEqual(expect.any(Number));
      expect(online?.latitude).toEqual(expect.any(Number));
      expect(online?.budgetMax).toBe(200);

      w.calls.length = 0;
      await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      expect(w.calls).toEqual([]);

      // Past the configured 15 minutes the list is walked again, but the 25% budget allows a read only every 28.8 minutes.
      w.advance(16 * MINUTE);
      await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      expect(w.calls).toEqual(['list']);

      w.calls.length = 0;
      w.advance(13 * MINUTE);
      await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      expect(w.count('telemetry')).toBe(readable.length);
      // The budget is read once a day, not on every refresh.
      expect(w.count('rate-limits')).toBe(0);
    });

    it('reads figures, totals and flags sent as strings: numbers kept, a figure that is no number left out of its numeric column', async () => {
      const sent = new Map<string, Record<string, { value?: unknown }>>();
      const asStrings: Reshape = (path, body) => {
        const record = body as Record<string, unknown>;
        if (path.endsWith('/vehicles')) {
          const page = record as { results: Record<string, unknown>[]; totalResults?: unknown };
          return {
            ...page,
            totalResults: String(page.totalResults ?? page.results.length),
            results: page.results.map((v) => ({ ...v, isListening: String(v.isListening) })),
          };
        }
        if (!path.endsWith('/telemetry')) return body;
        const t = structuredClone(record) as Record<string, Record<string, unknown> | null>;
        sent.set(path.split('/').at(-2)!, structuredClone(record) as Record<string, { value?: unknown }>);
        for (const block of ['odometer', 'range']) if (typeof t[block]?.value === 'number') t[block]!.value = String(t[block]!.value);
        if (t.stateOfCharge) t.stateOfCharge.value = 'n/a';
        if (t.location) t.location = { ...t.location, latitude: String(t.location.latitude), longitude: String(t.location.longitude) };
        if (t.security) t.security = { ...t.security, locked: String(t.security.locked) };
        return t;
      };
      const w = world(30, asStrings);
      const org = await organization(w.api);
      const pass = await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      expect(pass.listed).toBeGreaterThan(20);
      expect(pass.failed).toBe(0);
      const rows = await listSnapshots(t.db, org.id);
      expect(rows.find((r) => r.vehicleId === w.fixtures.notListeningVehicleId)?.isListening).toBe(false);
      const online = await getSnapshot(t.db, org.id, w.fixtures.onlineListeningVehicleId);
      const original = sent.get(w.fixtures.onlineListeningVehicleId)!;
      expect(online?.fetchedAt).not.toBeNull();
      expect(original.odometer.value).toEqual(expect.any(Number));
      expect(online?.odometerKm).toBe(original.odometer.value);
      expect(online?.rangeKm).toBe(original.range.value);
      expect(online?.latitude).toEqual(expect.any(Number));
      expect(online?.stateOfCharge).toBeNull();
      expect(online?.lastError).toBeNull();
    });

    it('stores no budget or time a database cannot keep: a fractional budget, a year past 9999, a bare number as a time', async () => {
      const odd: Reshape = (path, body) => {
        if (path.endsWith('/rate-limits')) return (body as Record<string, unknown>[]).map((l) => ({ ...l, maxRequests: 200.5 }));
        if (path.endsWith('/vehicles')) {
          const page = body as { results: { metadata?: Record<string, unknown> }[] };
          return {
            ...page,
            results: page.results.map((v) => ({ ...v, metadata: { ...v.metadata, lastSeenAt: '+010000-01-01T00:00:00.000Z' } })),
          };
        }
        if (!path.endsWith('/telemetry')) return body;
        const t = structuredClone(body) as Record<string, Record<string, unknown> | null>;
        if (t.odometer) t.odometer.timestamp = '7';
        return t;
      };
      const w = world(30, odd);
      const org = await organization(w.api);
      const pass = await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      expect(pass.listed).toBeGreaterThan(20);
      expect(pass.failed).toBe(0);
      const online = await getSnapshot(t.db, org.id, w.fixtures.onlineListeningVehicleId);
      expect(online?.fetchedAt).not.toBeNull();
      expect(online?.budgetMax).toBeNull();
      expect(online?.lastError).toBeNull();
    });

    it(
      'costs at most 25% of the 200-a-day budget per vehicle over a day of ticks',
      async () => {
        const w = world(12);
        await w.keepOnly('onlineListeningVehicleId', 'offlineVehicleId', 'notListeningVehicleId', 'spentBudgetVehicleId');
        const org = await organization(w.api);
        for (let minute = 0; minute < 24 * 60; minute += 5) {
          await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
          w.advance(5 * MINUTE);
        }
        const readable = (await listSnapshots(t.db, org.id)).filter((r) => r.isListening && r.connectionStatus === 'CONNECTED');
        const perVehicle = w.count('telemetry') / readable.length;
        // 24 h / 28.8 min = 50 reads at most; ticks every 5 minutes give one read per 30 minutes: 48.
        expect(perVehicle).toBeLessThanOrEqual(50);
        expect(perVehicle).toBeGreaterThanOrEqual(45);
        // 1 budget read on the first pass and 1 a day after: 2 at most in the window.
        expect(w.count('rate-limits') / readable.length).toBeLessThanOrEqual(2);
        // The list: one call per page of 100 vehicles every 15 minutes (97 walks), and the sandbox's
        // hourly token expiry answers one call an hour with 401, which the client repeats once renewed.
        expect(w.count('list')).toBeLessThanOrEqual(97 + 24);
      },
      DAY_OF_TICKS_TIMEOUT_MS,
    );

    it(
      'reads each vehicle’s state of health once a day within the budget share, a 404 recorded as no battery data yet',
      async () => {
        const w = world(12);
        await w.keepOnly('onlineListeningVehicleId', 'offlineVehicleId', 'spentBudgetVehicleId', 'noBatteryDataVehicleId');
        const org = await organization(w.api);
        const health = () => w.calls.filter((c) => c.endsWith('/state-of-health')).length;
        await refreshSnapshots(t.db, org.apiFor, w.now, HEALTH_POLICY);
        const readable = w.count('telemetry');
        expect(readable).toBeGreaterThan(3);
        expect(health()).toBe(readable);

        const online = await getSnapshot(t.db, org.id, w.fixtures.onlineListeningVehicleId);
        // The vendor's decimal string read as a number, at its calculation date (within the last three weeks).
        expect(online?.stateOfHealth).toBeGreaterThan(80);
        expect(online?.stateOfHealth).toBeLessThan(100);
        expect(online?.stateOfHealthStatus).toBe('READ');
        expect(online?.stateOfHealthAt?.getTime()).toBeLessThan(w.now().getTime());
        expect(online?.stateOfHealthAt?.getTime()).toBeGreaterThan(w.now().getTime() - 21 * 24 * 60 * MINUTE);

        const none = await getSnapshot(t.db, org.id, w.fixtures.noBatteryDataVehicleId);
        expect(none?.fetchedAt).not.toBeNull();
        expect(none?.stateOfHealthStatus).toBe('NO_DATA');
        expect(none?.stateOfHealth).toBeNull();
        // Not an error: the telemetry read stands and nothing is reported as failing.
        expect(none?.lastError).toBeNull();

        // A day of ticks: the telemetry is read about 49 times per vehicle, the state of health once more.
        w.calls.length = 0;
        for (let minute = 5; minute <= 24 * 60; minute += 5) {
          w.advance(5 * MINUTE);
          await refreshSnapshots(t.db, org.apiFor, w.now, HEALTH_POLICY);
        }
        expect(health()).toBe(readable);
        expect(w.count('telemetry') / readable).toBeLessThanOrEqual(49);
        expect((w.count('telemetry') + health() + w.count('rate-limits')) / readable).toBeLessThanOrEqual(50 + 1);

        // The filter "battery health below N%" reads the figure; vehicles without one never match.
        const below = await matchSnapshots(
          t.db,
          org.id,
          { healthBelow: online!.stateOfHealth! + 0.01, chargingStates: [], pluggedInStates: [] },
          { limit: 100 },
        );
        expect(below.map((r) => r.vehicleId)).toContain(w.fixtures.onlineListeningVehicleId);
        expect(below.map((r) => r.vehicleId)).not.toContain(w.fixtures.noBatteryDataVehicleId);
        const notBelow = await matchSnapshots(
          t.db,
          org.id,
          { healthBelow: online!.stateOfHealth!, chargingStates: [], pluggedInStates: [] },
          { limit: 100 },
        );
        expect(notBelow.map((r) => r.vehicleId)).not.toContain(w.fixtures.onlineListeningVehicleId);
      },
      DAY_OF_TICKS_TIMEOUT_MS,
    );

    it('keeps the figure read before when a state-of-health ask fails, and never rolls it back to an older calculation', async () => {
      const w = world(10);
      const org = await organization(w.api);
      const at = (iso: string) => new Date(iso);
      await recordReading(
        t.db,
        org.id,
        'veh-h',
        { stateOfCharge: { value: 50, at: at('2026-11-20T10:00:00Z') } },
        at('2026-11-20T10:00:00Z'),
      );
      await recordStateOfHealth(
        t.db,
        org.id,
        'veh-h',
        { status: 'READ', percent: 91.5, at: at('2026-11-18T00:00:00Z') },
        at('2026-11-20T10:00:00Z'),
      );
      await recordStateOfHealth(t.db, org.id, 'veh-h', { status: 'ERROR', code: 'UPSTREAM_TIMEOUT' }, at('2026-11-21T10:00:00Z'));
      let row = await getSnapshot(t.db, org.id, 'veh-h');
      expect([row?.stateOfHealth, row?.stateOfHealthStatus]).toEqual([91.5, 'UPSTREAM_TIMEOUT']);
      expect(row?.stateOfHealthCheckedAt?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
      await recordStateOfHealth(
        t.db,
        org.id,
        'veh-h',
        { status: 'READ', percent: 93, at: at('2026-11-10T00:00:00Z') },
        at('2026-11-22T10:00:00Z'),
      );
      row = await getSnapshot(t.db, org.id, 'veh-h');
      expect([row?.stateOfHealth, row?.stateOfHealthStatus]).toEqual([91.5, 'READ']);
      expect(row?.stateOfHealthAt?.toISOString()).toBe('2026-11-18T00:00:00.000Z');
    });

    it('drops a vehicle once the list no longer holds it (disconnected)', async () => {
      const w = world(20);
      const org = await organization(w.api);
      await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      const gone = w.fixtures.onlineListeningVehicleId;
      expect(await getSnapshot(t.db, org.id, gone)).toBeDefined();
      await w.api.deleteVehicle(gone);
      w.advance(16 * MINUTE);
      const pass = await refreshSnapshots(t.db, org.apiFor, w.now, POLICY);
      expect(pass.removed).toBe(1);
      expect(await getSnapshot(t.db, org.id, gone)).toBeUndefined();
    });

    it('never lets an older reading replace a newer one, figure by figure', async () => {
      const w = world(10);
      const org = await organization(w.api);
      const at = (iso: string) => new Date(iso);
      await recordReading(
        t.db,
        org.id,
        'veh-x',
        {
          stateOfCharge: { value: 60, at: at('2026-11-20T10:00:00Z') },
          location: { value: { latitude: 48.1, longitude: 11.5 }, at: at('2026-11-20T10:00:00Z') },
        },
        at('2026-11-20T10:01:00Z'),
      );
      // A slow read lands late: its charge is older, its location newer.
      await recordReading(
        t.db,
        org.id,
        'veh-x',
        {
          stateOfCharge: { value: 40, at: at('2026-11-20T09:00:00Z') },
          location: { value: { latitude: 52.5, longitude: 13.4 }, at: at('2026-11-20T10:30:00Z') },
        },
        at('2026-11-20T10:31:00Z'),
      );
      const row = await getSnapshot(t.db, org.id, 'veh-x');
      expect(row?.stateOfCharge).toBe(60);
      expect(row?.stateOfChargeAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
      expect([row?.latitude, row?.longitude]).toEqual([52.5, 13.4]);
      expect(row?.locationAt?.toISOString()).toBe('2026-11-20T10:30:00.000Z');
    });

    it('leaves to events the vehicles an event refreshed within the interval, while events arrive for an organization with a secret', async () => {
      const w = world(12);
      const org = await organization(w.api);
      const policy: SnapshotPolicy = { ...POLICY, eventsSilenceMs: 5 * MINUTE };
      await refreshSnapshots(t.db, org.apiFor, w.now, policy);
      const readable = w.count('telemetry');
      expect(readable).toBeGreaterThan(3);
      const pushed = w.fixtures.onlineListeningVehicleId;
      let n = 0;
      /** A device.telemetry event as the receiver records and applies it, now. */
      const event = async (soc: number) => {
        await recordWebhookEvent(t.db, {
          organizationId: org.id,
          webhookId: `msg_${++n}`,
          webhookTimestamp: w.now(),
          type: 'device.telemetry',
          vehicleId: pushed,
          occurredAt: w.now(),
          payload: {},
          receivedAt: w.now(),
        });
        expect(await recordPushedReading(t.db, org.id, pushed, { stateOfCharge: { value: soc, at: w.now() } }, w.now())).toBe(true);
      };
      const pass = async () => {
        w.calls.length = 0;
        const result = await refreshSnapshots(t.db, org.apiFor, w.now, policy);
        return { telemetry: w.count('telemetry'), leftToEvents: result.leftToEvents };
      };

      // Without a signing secret the events do not count: every due vehicle is read.
      w.advance(30 * MINUTE);
      await event(0.42);
      expect(await pass()).toEqual({ telemetry: readable, leftToEvents: 0 });

      // With one, the vehicle the event just refreshed is not read; the others are.
      await setWebhookSecret(t.db, org.id, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
      w.advance(30 * MINUTE);
      await event(0.55);
      expect(await pass()).toEqual({ telemetry: readable - 1, leftToEvents: 1 });
      expect((await getSnapshot(t.db, org.id, pushed))?.stateOfCharge).toBe(0.55);

      // Events stopped (none for longer than the silence window): polling takes the vehicle back.
      w.advance(6 * MINUTE);
      expect(await pass()).toEqual({ telemetry: 1, leftToEvents: 0 });
    });
  });
}
