import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookSandbox } from './sandbox.test-support';

type Event = { type: string; timestamp: string; data: Record<string, unknown> };

/** A sandbox whose sender posts into a list (the demo organization's target set), with an admin token and an API token. */
async function world() {
  let now = Date.parse('2026-03-01T10:00:00.000Z');
  const { sandbox, org, secret, token, posted } = await webhookSandbox({ seed: 11, now: () => now });
  const api = (path: string, init: RequestInit = {}) =>
    sandbox.fetch(`http://sandbox.test${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  const admin = (path: string, body: unknown) =>
    sandbox.fetch(`http://sandbox.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const events = async (): Promise<Event[]> => {
    await sandbox.webhooks.idle();
    // Signed with the secret (checked by signing again: the clock here is the sandbox's, not the wall's).
    return posted.splice(0).map((p) => {
      const at = new Date(Number(p.headers['webhook-timestamp']) * 1000);
      expect(p.headers['webhook-signature']).toBe(new Webhook(secret).sign(p.headers['webhook-id'], at, p.body));
      return JSON.parse(p.body) as Event;
    });
  };
  const fixtures = sandbox.fixtures(org.id);
  return { sandbox, org, api, admin, events, fixtures, tick: (ms: number) => (now += ms) };
}

describe('the sandbox’s device events', () => {
  it('pushes one device.telemetry per metric when a vehicle reports new figures, signed, and an alert.updated when its charge runs low', async () => {
    const w = await world();
    const vehicleId = w.fixtures.onlineListeningVehicleId;
    const answer = await w.admin(`/_admin/vehicles/${vehicleId}/telemetry`, { stateOfCharge: 5 });
    expect(answer.status).toBe(200);
    const events = await w.events();
    const telemetry = events.filter((e) => e.type === 'device.telemetry');
    expect(telemetry.map((e) => e.data.metricType).sort()).toEqual([
      'CHARGING_STATE',
      'LOCATION',
      'ODOMETER',
      'RANGE',
      'STATE_OF_CHARGE',
      'TIRES',
    ]);
    expect(telemetry.find((e) => e.data.metricType === 'STATE_OF_CHARGE')!.data).toEqual({
      metricType: 'STATE_OF_CHARGE',
      vehicle: { id: vehicleId, stateOfCharge: { value: 5, unit: '%', timestamp: '2026-03-01T10:00:00.000Z' } },
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    const charging = telemetry.find((e) => e.data.metricType === 'CHARGING_STATE')!.data.vehicle as {
      chargingState: { chargingState: string };
    };
    const alerts = events.filter((e) => e.type === 'alert.updated');
    if (charging.chargingState.chargingState === 'CHARGING') expect(alerts).toEqual([]);
    else
      expect(alerts.map((e) => e.data)).toEqual([
        expect.objectContaining({ vehicleId, status: 'ACTIVE', definition: expect.objectContaining({ code: 'LOW_STATE_OF_CHARGE' }) }),
      ]);

    // Nothing changed: the next check pushes nothing; a changed figure is pushed alone.
    expect((await (await w.admin('/_admin/webhooks/telemetry', {})).json()) as { sent: number }).toEqual({ sent: 0 });
    w.tick(60_000);
    await w.admin(`/_admin/vehicles/${vehicleId}/telemetry`, { odometerKm: 123_456 });
    const next = (await w.events()).filter((e) => e.type === 'device.telemetry' && e.data.metricType === 'ODOMETER');
    expect(next).toHaveLength(1);
    expect(next[0].data).toMatchObject({ vehicle: { odometer: { value: 123_456 } }, timestamp: '2026-03-01T10:01:00.000Z' });
  });

  it('pushes what changes on its own (a charging vehicle) at the next check, with the out-of-order fault delivering the older figure after', async () => {
    const w = await world();
    // The first check only learns the fleet; nothing was sent.
    expect((await (await w.admin('/_admin/webhooks/telemetry', {})).json()) as { sent: number }).toEqual({ sent: 0 });
    const vehicleId = w.fixtures.onlineListeningVehicleId;
    // Start charging, then let the charge rise for an hour.
    const started = await w.api(`/v1/vehicles/${vehicleId}/command-execution:start-charging`, { method: 'POST', body: '{}' });
    expect(started.status).toBeLessThan(300);
    w.tick(3_600_000);
    await w.events();
    w.sandbox.webhooks.injectFault({ kind: 'out_of_order', times: 10 });
    await w.admin('/_admin/webhooks/telemetry', {});
    const soc = (await w.events()).filter(
      (e) =>
        e.type === 'device.telemetry' && (e.data.vehicle as { id: string }).id === vehicleId && e.data.metricType === 'STATE_OF_CHARGE',
    );
    expect(soc).toHaveLength(2);
    const [newer, older] = soc.map((e) => e.data as { timestamp: string; vehicle: { stateOfCharge: { value: number } } });
    expect(Date.parse(older.timestamp)).toBeLessThan(Date.parse(newer.timestamp));
    expect(newer.vehicle.stateOfCharge.value).toBeGreaterThan(older.vehicle.stateOfCharge.value);
  });

  it('pushes nothing for a vehicle while it is offline, and what changed meanwhile once it is back', async () => {
    const w = await world();
    const vehicleId = w.fixtures.onlineListeningVehicleId;
    await w.admin('/_admin/webhooks/telemetry', {});
    const started = await w.api(`/v1/vehicles/${vehicleId}/command-execution:start-charging`, { method: 'POST', body: '{}' });
    expect(started.status).toBeLessThan(300);
    await w.admin(`/_admin/vehicles/${vehicleId}/online`, { online: false });
    await w.events();
    const fromVehicle = (events: Event[]) =>
      events.filter((e) => e.type === 'device.telemetry' && (e.data.vehicle as { id: string }).id === vehicleId);

    // Its charge would rise for an hour, but an offline vehicle sends nothing.
    w.tick(3_600_000);
    await w.admin('/_admin/webhooks/telemetry', {});
    expect(fromVehicle(await w.events())).toEqual([]);

    await w.admin(`/_admin/vehicles/${vehicleId}/online`, { online: true });
    w.tick(1_000);
    await w.admin('/_admin/webhooks/telemetry', {});
    expect(fromVehicle(await w.events()).map((e) => e.data.metricType)).toContain('STATE_OF_CHARGE');
  });

  it('pushes rate_limit.updated for the budgets a command spends, and device.disconnected when a vehicle is disconnected', async () => {
    const w = await world();
    const vehicleId = w.fixtures.onlineListeningVehicleId;
    await w.api(`/v1/vehicles/${vehicleId}/command-execution:flash-lights`, { method: 'POST', body: '{}' });
    const limits = (await w.events()).filter((e) => e.type === 'rate_limit.updated').map((e) => e.data);
    expect(limits).toEqual(
      expect.arrayContaining([
        {
          remaining_requests: 29,
          max_requests: 30,
          domain: 'VEHICLE',
          window_size_seconds: 3600,
          object_id: vehicleId,
          key: 'OEM_ENERGY_API_COMMANDS',
        },
        expect.objectContaining({ object_id: vehicleId, key: 'OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE', remaining_requests: 199 }),
      ]),
    );
    expect(limits).toHaveLength(2);

    expect((await w.api(`/v1/vehicles/${vehicleId}`, { method: 'DELETE' })).status).toBe(202);
    expect((await w.events()).map((e) => [e.type, e.data])).toEqual([['device.disconnected', { id: vehicleId, deviceType: 'VEHICLE' }]]);
  });

  it('pushes every metric again when a vehicle starts listening', async () => {
    const w = await world();
    const vehicleId = w.fixtures.notListeningVehicleId;
    const answer = await w.api(`/v1/vehicles/${vehicleId}/listening`, { method: 'POST', body: JSON.stringify({ isListening: true }) });
    expect(answer.status).toBe(202);
    const telemetry = (await w.events()).filter((e) => e.type === 'device.telemetry');
    expect(telemetry).toHaveLength(6);
    expect(new Set(telemetry.map((e) => (e.data.vehicle as { id: string }).id))).toEqual(new Set([vehicleId]));
  });
});
