import { describe, expect, it } from 'vitest';
import { createVehicleApi } from './api';
import { commandHasBody } from '@/lib/contract/vehicle-api';
import { NO_ARGS_COMMANDS, sendCommandSchema } from '@/lib/commands/schemas';
import { COMMAND_ARGS_SCHEMAS } from './command-args';
import { COMMAND_NAMES, COMMANDS } from '@/lib/contract/vehicle-api';
import { VehicleApiError } from './errors';
import { createFakeUpstream, json } from './fake-upstream.test-support';

describe('command argument schemas', () => {
  it('covers all 21 commands', () => {
    expect(Object.keys(COMMAND_ARGS_SCHEMAS).sort()).toEqual([...COMMAND_NAMES].sort());
    expect(COMMAND_NAMES).toHaveLength(21);
  });

  it('refuses only what is not of the published type: no bounds of our own (the service has none published)', () => {
    const { SET_TEMPERATURE, SET_CHARGE_LIMIT, SET_VEHICLE_NAME, SCHEDULE_SOFTWARE_UPDATE, LOCK_DOORS } = COMMAND_ARGS_SCHEMAS;
    expect(SET_TEMPERATURE.safeParse({ driverTemperature: 21, passengerTemperature: 22.5 }).success).toBe(true);
    // Outside the typical 15 to 30 °C and 50 to 100 %: the service decides, not Motorpool.
    expect(SET_TEMPERATURE.safeParse({ driverTemperature: 14, passengerTemperature: 31 }).success).toBe(true);
    expect(SET_CHARGE_LIMIT.safeParse({ limit: 40 }).success).toBe(true);
    expect(SET_CHARGE_LIMIT.safeParse({ limit: 101 }).success).toBe(true);
    expect(SET_TEMPERATURE.safeParse({ driverTemperature: '21', passengerTemperature: 22 }).success).toBe(false);
    expect(SET_CHARGE_LIMIT.safeParse({ limit: 80.5 }).success).toBe(false);
    expect(SET_CHARGE_LIMIT.safeParse({ limit: Number.NaN }).success).toBe(false);
    expect(SET_VEHICLE_NAME.safeParse({ name: 'Van 7' }).success).toBe(true);
    expect(SET_VEHICLE_NAME.safeParse({ name: 'x'.repeat(41) }).success).toBe(true);
    expect(SET_VEHICLE_NAME.safeParse({ name: '   ' }).success).toBe(false);
    expect(SCHEDULE_SOFTWARE_UPDATE.safeParse({ offsetSeconds: 86_401 }).success).toBe(true);
    expect(SCHEDULE_SOFTWARE_UPDATE.safeParse({ offsetSeconds: 1.5 }).success).toBe(false);
    expect(LOCK_DOORS.safeParse({}).success).toBe(true);
    expect(LOCK_DOORS.safeParse({ force: true }).success).toBe(false);
  });

  it('offers one form schema over command and args', () => {
    expect(sendCommandSchema.safeParse({ command: 'SET_CHARGE_LIMIT', args: { limit: 90 } }).success).toBe(true);
    expect(sendCommandSchema.safeParse({ command: 'SET_CHARGE_LIMIT', args: { limit: 'ten' } }).success).toBe(false);
    expect(sendCommandSchema.safeParse({ command: 'SET_CHARGE_LIMIT' }).success).toBe(false);
    expect(sendCommandSchema.safeParse({ command: 'HONK_HORN' }).success).toBe(true);
    expect(sendCommandSchema.safeParse({ command: 'HONK_HORN', args: { loud: true } }).success).toBe(false);
    for (const command of NO_ARGS_COMMANDS) expect(sendCommandSchema.safeParse({ command }).success).toBe(true);
    expect(NO_ARGS_COMMANDS).toHaveLength(17);
    expect(sendCommandSchema.safeParse({ command: 'SELF_DESTRUCT' }).success).toBe(false);
  });

  it('lists in the contract exactly the commands whose schema needs arguments', () => {
    for (const command of COMMAND_NAMES)
      expect(COMMAND_ARGS_SCHEMAS[command].safeParse({}).success, command).toBe(!commandHasBody(command));
    expect(COMMAND_NAMES.filter(commandHasBody).sort()).toEqual([
      'SCHEDULE_SOFTWARE_UPDATE',
      'SET_CHARGE_LIMIT',
      'SET_TEMPERATURE',
      'SET_VEHICLE_NAME',
    ]);
  });
});

describe('sendCommand', () => {
  function setup() {
    const upstream = createFakeUpstream();
    for (const segment of Object.values(COMMANDS)) {
      upstream.on(`POST /v1/vehicles/veh_1/command-execution:${segment}`, (call) =>
        json({ id: `exe_${segment}`, vehicleId: 'veh_1', status: 'PENDING', commandArguments: call.body ? JSON.parse(call.body) : {} }),
      );
    }
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      logger: () => {},
    });
    return { api, upstream };
  }

  it('posts every command to its path, with a JSON body only where the command takes one', async () => {
    const { api, upstream } = setup();
    const args: Record<string, unknown> = {
      SET_TEMPERATURE: { driverTemperature: 20, passengerTemperature: 21 },
      SET_CHARGE_LIMIT: { limit: 80 },
      SET_VEHICLE_NAME: { name: 'Van 7' },
      SCHEDULE_SOFTWARE_UPDATE: { offsetSeconds: 3600 },
    };
    for (const command of COMMAND_NAMES) {
      const response = await api.sendCommand('veh_1', command, args[command] as never);
      expect(response.data.id).toBe(`exe_${COMMANDS[command]}`);
    }
    const posts = upstream.apiCalls();
    expect(posts).toHaveLength(21);
    for (const [i, command] of COMMAND_NAMES.entries()) {
      expect(posts[i].path).toBe(`/v1/vehicles/veh_1/command-execution:${COMMANDS[command]}`);
      if (commandHasBody(command)) {
        expect(JSON.parse(posts[i].body!)).toEqual(args[command]);
        expect(posts[i].headers.get('content-type')).toBe('application/json');
      } else {
        expect(posts[i].body).toBeUndefined();
      }
    }
  });

  it('refuses invalid arguments before anything is sent', async () => {
    const { api, upstream } = setup();
    const error = await api.sendCommand('veh_1', 'SET_CHARGE_LIMIT', { limit: 80.5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VehicleApiError);
    expect(error).toMatchObject({ code: 'REQUEST_VALIDATION_ERROR', retryable: false });
    expect((error as Error).message).toContain('limit');
    expect(upstream.calls).toHaveLength(0);
  });
});
