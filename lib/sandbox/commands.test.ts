import { beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, COMMANDS, FAILED_REASONS } from '@/lib/contract/vehicle-api';
import type { SandboxFixtures } from './index';
import { type Harness, createHarness, filterParam } from './sandbox.test-support';

const BODIES: Record<string, unknown> = {
  SET_TEMPERATURE: { driverTemperature: 21.5, passengerTemperature: 20 },
  SET_CHARGE_LIMIT: { limit: 80 },
  SET_VEHICLE_NAME: { name: 'Blue Van 7' },
  SCHEDULE_SOFTWARE_UPDATE: { offsetSeconds: 3600 },
};

describe('commands', () => {
  let h: Harness;
  let token: string;
  let f: SandboxFixtures;

  beforeEach(async () => {
    h = createHarness({ commandDelayMs: 2000, tokenTtlSeconds: 86_400 });
    token = await h.token();
    f = h.sandbox.fixtures(h.sandbox.organizations[0].id);
  });

  const send = (vehicleId: string, command: keyof typeof COMMANDS, body?: unknown) =>
    h.json('POST', `/v1/vehicles/${vehicleId}/command-execution:${COMMANDS[command]}`, { token, body });
  const execution = (vehicleId: string, id: string) => h.json('GET', `/v1/vehicles/${vehicleId}/command-executions/${id}`, { token });
  const telemetry = async (vehicleId: string) => (await h.json('GET', `/v1/vehicles/${vehicleId}/telemetry`, { token })).body;

  it('accepts all 21 commands at their paths: PENDING, then EXECUTED after the delay', async () => {
    expect(COMMAND_NAMES).toHaveLength(21);
    const created = [];
    for (const command of COMMAND_NAMES) {
      const res = await send(f.onlineListeningVehicleId, command, BODIES[command]);
      expect(res.status, command).toBe(200);
      expect(res.body).toMatchObject({
        vehicleId: f.onlineListeningVehicleId,
        command,
        commandArguments: BODIES[command] ?? {},
        timeout: 300,
        status: 'PENDING',
      });
      expect(res.body.id).toMatch(/^cmd_/);
      expect(new Date(res.body.executedAt).getTime()).toBe(h.clock.now);
      expect(res.body).not.toHaveProperty('failedReason');
      created.push(res.body.id as string);
    }
    h.clock.advance(1999);
    expect((await execution(f.onlineListeningVehicleId, created[0])).body.status).toBe('PENDING');
    h.clock.advance(1);
    for (const id of created) expect((await execution(f.onlineListeningVehicleId, id)).body.status).toBe('EXECUTED');
  });

  it('validates command bodies against the limits', async () => {
    const bad: Array<[keyof typeof COMMANDS, unknown]> = [
      ['SET_CHARGE_LIMIT', { limit: 49 }],
      ['SET_CHARGE_LIMIT', { limit: 101 }],
      ['SET_CHARGE_LIMIT', { limit: 80.5 }],
      ['SET_CHARGE_LIMIT', {}],
      ['SET_TEMPERATURE', { driverTemperature: 14.9, passengerTemperature: 20 }],
      ['SET_TEMPERATURE', { driverTemperature: 20, passengerTemperature: 30.1 }],
      ['SET_TEMPERATURE', { driverTemperature: '20', passengerTemperature: 20 }],
      ['SET_VEHICLE_NAME', { name: '' }],
      ['SET_VEHICLE_NAME', { name: 'x'.repeat(41) }],
      ['SCHEDULE_SOFTWARE_UPDATE', { offsetSeconds: -1 }],
      ['SCHEDULE_SOFTWARE_UPDATE', { offsetSeconds: 86_401 }],
      ['HONK_HORN', { loud: true }],
    ];
    for (const [command, body] of bad) {
      const res = await send(f.onlineListeningVehicleId, command, body);
      expect(res.status, `${command} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
    }
    expect((await send(f.onlineListeningVehicleId, 'SET_CHARGE_LIMIT', { limit: 50 })).status).toBe(200);
    expect((await send(f.onlineListeningVehicleId, 'SET_VEHICLE_NAME', { name: 'x'.repeat(40) })).status).toBe(200);
    const malformed = await h.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/command-execution:set-charge-limit`, {
      token,
      body: '{"limit":',
    });
    expect(malformed.body.error).toBe('REQUEST_VALIDATION_ERROR');
    const unknown = await h.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/command-execution:self-destruct`, { token });
    expect(unknown.status).toBe(404);
  });

  it('takes a vehicle offline and back through the admin API: its commands fail with OEM_VEHICLE_OFFLINE meanwhile', async () => {
    const vehicleId = f.onlineListeningVehicleId;
    const off = await h.json('POST', `/_admin/vehicles/${vehicleId}/online`, { body: { online: false } });
    expect(off.body).toEqual({ id: vehicleId, online: false });
    const failed = await send(vehicleId, 'LOCK_DOORS');
    h.clock.advance(2000);
    expect((await execution(vehicleId, failed.body.id)).body).toMatchObject({ status: 'FAILED', failedReason: 'OEM_VEHICLE_OFFLINE' });
    await h.json('POST', `/_admin/vehicles/${vehicleId}/online`, { body: { online: true } });
    const executed = await send(vehicleId, 'LOCK_DOORS');
    h.clock.advance(2000);
    expect((await execution(vehicleId, executed.body.id)).body.status).toBe('EXECUTED');
    expect((await h.json('POST', '/_admin/vehicles/veh_nope/online', { body: { online: false } })).status).toBe(404);
    expect((await h.json('POST', `/_admin/vehicles/${vehicleId}/online`, { body: { online: 'no' } })).status).toBe(400);
  });

  it('fails with the realistic reason: listening off, offline, spent budget', async () => {
    const cases: Array<[string, string]> = [
      [f.notListeningVehicleId, 'NOT_PERMITTED'],
      [f.offlineVehicleId, 'OEM_VEHICLE_OFFLINE'],
      [f.spentBudgetVehicleId, 'OEM_COMMANDS_RATE_LIMITED'],
    ];
    const ids = [];
    for (const [vehicleId] of cases) {
      const res = await send(vehicleId, 'LOCK_DOORS');
      expect(res.body.status).toBe('PENDING');
      ids.push(res.body.id);
    }
    h.clock.advance(2000);
    for (const [i, [vehicleId, reason]] of cases.entries()) {
      const res = await execution(vehicleId, ids[i]);
      expect(res.body.status).toBe('FAILED');
      expect(res.body.failedReason).toBe(reason);
    }
  });

  it('fails a share of commands with random OEM reasons at the configured fault rate', async () => {
    const faulty = createHarness({ commandFaultRate: 0.5, commandDelayMs: 10 });
    const t = await faulty.token();
    const fx = faulty.sandbox.fixtures(faulty.sandbox.organizations[0].id);
    const outcomes: string[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await faulty.json('POST', `/v1/vehicles/${fx.onlineListeningVehicleId}/command-execution:flash-lights`, { token: t });
      faulty.clock.advance(10);
      const done = await faulty.json('GET', `/v1/vehicles/${fx.onlineListeningVehicleId}/command-executions/${res.body.id}`, { token: t });
      outcomes.push(done.body.status === 'FAILED' ? done.body.failedReason : 'EXECUTED');
    }
    const failures = outcomes.filter((o) => o !== 'EXECUTED');
    expect(failures.length).toBeGreaterThan(3);
    expect(failures.length).toBeLessThan(21);
    for (const reason of failures) expect(FAILED_REASONS).toContain(reason);
  });

  it('refuses a second pending command of the same type with COMMAND_ALREADY_IN_PROGRESS', async () => {
    expect((await send(f.onlineListeningVehicleId, 'HONK_HORN')).status).toBe(200);
    const second = await send(f.onlineListeningVehicleId, 'HONK_HORN');
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('COMMAND_ALREADY_IN_PROGRESS');
    expect((await send(f.onlineListeningVehicleId, 'FLASH_LIGHTS')).status).toBe(200);
    h.clock.advance(2000);
    expect((await send(f.onlineListeningVehicleId, 'HONK_HORN')).status).toBe(200);
  });

  it('ends executions still pending after five minutes as timed out', async () => {
    const slow = createHarness({ commandDelayMs: 600_000 });
    const t = await slow.token();
    const vehicleId = slow.sandbox.fixtures(slow.sandbox.organizations[0].id).onlineListeningVehicleId;
    const res = await slow.json('POST', `/v1/vehicles/${vehicleId}/command-execution:lock-doors`, { token: t });
    slow.clock.advance(299_999);
    expect((await slow.json('GET', `/v1/vehicles/${vehicleId}/command-executions/${res.body.id}`, { token: t })).body.status).toBe(
      'PENDING',
    );
    slow.clock.advance(1);
    const done = await slow.json('GET', `/v1/vehicles/${vehicleId}/command-executions/${res.body.id}`, { token: t });
    expect(done.body).toMatchObject({ status: 'FAILED', failedReason: 'OEM_COMMAND_TIMEOUT' });
  });

  it('answers 404 for an unknown execution and for another vehicle of the execution', async () => {
    const res = await send(f.onlineListeningVehicleId, 'WAKE_UP');
    expect((await execution(f.onlineListeningVehicleId, 'cmd_nope')).status).toBe(404);
    expect((await execution(f.optionsBrandVehicleId, res.body.id)).status).toBe(404);
  });

  it('lists a vehicle’s executions newest first, paged and filterable', async () => {
    for (const command of ['WAKE_UP', 'HONK_HORN', 'LOCK_DOORS'] as const) {
      await send(f.onlineListeningVehicleId, command);
      h.clock.advance(2500);
    }
    const list = await h.json('GET', `/v1/vehicles/${f.onlineListeningVehicleId}/command-executions?maxPageSize=2`, { token });
    expect(list.status).toBe(200);
    expect(list.body.totalResults).toBe(3);
    expect(list.body.results.map((e: { command: string }) => e.command)).toEqual(['LOCK_DOORS', 'HONK_HORN']);
    expect(list.body.results[0].status).toBe('EXECUTED');
    const next = await h.json(
      'GET',
      `/v1/vehicles/${f.onlineListeningVehicleId}/command-executions?maxPageSize=2&pageToken=${list.body.nextPageToken}`,
      { token },
    );
    expect(next.body).toMatchObject({ nextPageToken: null, totalResults: 3 });
    expect(next.body.results.map((e: { command: string }) => e.command)).toEqual(['WAKE_UP']);
    const filtered = await h.json(
      'GET',
      `/v1/vehicles/${f.onlineListeningVehicleId}/command-executions?${filterParam({ field: 'command', operator: '==', value: 'HONK_HORN' })}`,
      { token },
    );
    expect(filtered.body.results).toHaveLength(1);
  });

  it('changes the simulated vehicle so telemetry shows lock state, charge limit, charging state and name', async () => {
    const id = f.onlineListeningVehicleId;
    await send(id, 'UNLOCK_DOORS');
    await send(id, 'SET_CHARGE_LIMIT', { limit: 55 });
    await send(id, 'SET_VEHICLE_NAME', { name: 'Night Owl' });
    await send(id, 'STOP_CHARGING');
    let t = await telemetry(id);
    expect(t.vehicleName.value).not.toBe('Night Owl');
    h.clock.advance(2000);
    t = await telemetry(id);
    expect(t.security.locked).toBe(false);
    expect(t.maxStateOfCharge.value).toBe(55);
    expect(t.vehicleName.value).toBe('Night Owl');
    expect(t.chargingState.chargingState).not.toBe('CHARGING');

    await send(id, 'LOCK_DOORS');
    await send(id, 'SET_CHARGE_LIMIT', { limit: 100 });
    h.clock.advance(2000);
    await send(id, 'START_CHARGING');
    h.clock.advance(2000);
    t = await telemetry(id);
    expect(t.security.locked).toBe(true);
    expect(t.chargingState.chargingState).toBe('CHARGING');
    expect(t.chargingState.chargePortDoorOpen).toBe(true);
    const soc = t.stateOfCharge.value;
    // Ten minutes at the simulated rate stays below 100 % from any seeded state of charge.
    h.clock.advance(600_000);
    const later = await telemetry(id);
    expect(later.stateOfCharge.value).toBeGreaterThan(soc);

    await send(id, 'STOP_CHARGING');
    h.clock.advance(2000);
    const stopped = await telemetry(id);
    expect(stopped.chargingState.chargingState).toBe('STOPPED');
    h.clock.advance(3_600_000);
    expect((await telemetry(id)).stateOfCharge.value).toBe(stopped.stateOfCharge.value);
  });

  it('leaves the vehicle unchanged when a command fails', async () => {
    const before = await telemetry(f.offlineVehicleId);
    await send(f.offlineVehicleId, before.security.locked ? 'UNLOCK_DOORS' : 'LOCK_DOORS');
    h.clock.advance(2000);
    expect((await telemetry(f.offlineVehicleId)).security.locked).toBe(before.security.locked);
  });

  it('spends one request of OEM_ENERGY_API_COMMANDS per command; the window renews', async () => {
    const limits = async (vehicleId: string) => {
      const res = await h.json('GET', `/v1/rate-limits?objectId=${vehicleId}&domain=VEHICLE`, { token });
      expect(res.status).toBe(200);
      return Object.fromEntries(res.body.map((e: { key: string }) => [e.key, e]));
    };
    const before = await limits(f.onlineListeningVehicleId);
    expect(before.OEM_ENERGY_API_COMMANDS).toMatchObject({
      domain: 'VEHICLE',
      objectId: f.onlineListeningVehicleId,
      windowSizeSeconds: 3600,
    });
    const max = before.OEM_ENERGY_API_COMMANDS.maxRequests;
    expect(before.OEM_ENERGY_API_COMMANDS.remainingRequests).toBe(max);
    await send(f.onlineListeningVehicleId, 'WAKE_UP');
    await send(f.onlineListeningVehicleId, 'FLASH_LIGHTS');
    expect((await limits(f.onlineListeningVehicleId)).OEM_ENERGY_API_COMMANDS.remainingRequests).toBe(max - 2);
    expect((await limits(f.spentBudgetVehicleId)).OEM_ENERGY_API_COMMANDS.remainingRequests).toBe(0);

    // Spend the rest: the next command fails as rate limited.
    for (let i = 0; i < max - 2; i++) {
      h.clock.advance(2000);
      expect((await send(f.onlineListeningVehicleId, 'HONK_HORN')).status).toBe(200);
    }
    h.clock.advance(2000);
    const over = await send(f.onlineListeningVehicleId, 'HONK_HORN');
    h.clock.advance(2000);
    expect((await execution(f.onlineListeningVehicleId, over.body.id)).body.failedReason).toBe('OEM_COMMANDS_RATE_LIMITED');

    h.clock.advance(3_600_000);
    expect((await limits(f.onlineListeningVehicleId)).OEM_ENERGY_API_COMMANDS.remainingRequests).toBe(max);
    expect((await limits(f.spentBudgetVehicleId)).OEM_ENERGY_API_COMMANDS.remainingRequests).toBe(max);
  });

  it('validates the rate-limit query', async () => {
    expect((await h.json('GET', '/v1/rate-limits?domain=VEHICLE', { token })).body.error).toBe('REQUEST_VALIDATION_ERROR');
    expect((await h.json('GET', `/v1/rate-limits?objectId=${f.onlineListeningVehicleId}&domain=BATTERY`, { token })).body.error).toBe(
      'REQUEST_VALIDATION_ERROR',
    );
    expect((await h.json('GET', '/v1/rate-limits?objectId=veh_nope&domain=VEHICLE', { token })).status).toBe(404);
  });
});

describe('command bodies on the vendor profile', () => {
  it('refuses only what is not of the published type: the vendor publishes no bounds', async () => {
    const h = createHarness({ profile: 'vendor' });
    const token = await h.token();
    const f = h.sandbox.fixtures(h.sandbox.organizations[0].id);
    const send = (command: keyof typeof COMMANDS, body: unknown) =>
      h.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/command-execution:${COMMANDS[command]}`, { token, body });
    expect((await send('SET_CHARGE_LIMIT', { limit: 40 })).status).toBe(200);
    expect((await send('SET_TEMPERATURE', { driverTemperature: 14, passengerTemperature: 31 })).status).toBe(200);
    const fractional = await send('SET_CHARGE_LIMIT', { limit: 80.5 });
    expect(fractional.status).toBe(422);
    expect(fractional.body).toEqual({ detail: [{ loc: ['body', 'limit'], msg: 'Input should be a valid integer', type: 'int_type' }] });
  });
});
