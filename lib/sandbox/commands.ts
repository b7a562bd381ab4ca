import 'server-only';
import { z } from 'zod';
import {
  COMMAND_TIMEOUT_SECONDS,
  COMMAND_TYPICAL_RANGES as COMMAND_LIMITS,
  COMMANDS,
  type CommandName,
  type FailedReason,
} from '@/lib/contract/vehicle-api';
import { ApiError, invalid } from './errors';
import type { Execution, Vehicle } from './model';
import { type Rng, hexString, pick } from './random';
import { freezeCharge, simOf, spend, startCharging } from './sim';

const noBody = z.object({}).strict();
const t = COMMAND_LIMITS.temperatureC;

/** Body schema of each command ([V]/[A] of contract-gaps); commands without a body accept none or `{}`. */
const CONTRACT_BODY_SCHEMAS: Partial<Record<CommandName, z.ZodType<Record<string, unknown>>>> = {
  SET_TEMPERATURE: z
    .object({ driverTemperature: z.number().min(t.min).max(t.max), passengerTemperature: z.number().min(t.min).max(t.max) })
    .strict(),
  SET_CHARGE_LIMIT: z.object({ limit: z.number().int().min(COMMAND_LIMITS.chargeLimit.min).max(COMMAND_LIMITS.chargeLimit.max) }).strict(),
  SET_VEHICLE_NAME: z.object({ name: z.string().trim().min(COMMAND_LIMITS.vehicleName.min).max(COMMAND_LIMITS.vehicleName.max) }).strict(),
  SCHEDULE_SOFTWARE_UPDATE: z
    .object({
      offsetSeconds: z
        .number()
        .int()
        .min(COMMAND_LIMITS.softwareUpdateOffsetSeconds.min)
        .max(COMMAND_LIMITS.softwareUpdateOffsetSeconds.max),
    })
    .strict(),
};

/** [V] The vendor publishes types, no bounds: `limit` an integer, the temperatures numbers. */
const VENDOR_BODY_SCHEMAS: Partial<Record<CommandName, z.ZodType<Record<string, unknown>>>> = {
  ...CONTRACT_BODY_SCHEMAS,
  SET_TEMPERATURE: z.object({ driverTemperature: z.number(), passengerTemperature: z.number() }).strict(),
  SET_CHARGE_LIMIT: z.object({ limit: z.number().int() }).strict(),
};

const BY_SEGMENT = new Map<string, CommandName>(Object.entries(COMMANDS).map(([name, segment]) => [segment, name as CommandName]));

export function commandOfSegment(segment: string): CommandName | undefined {
  return BY_SEGMENT.get(segment);
}

export function validateCommandBody(
  command: CommandName,
  body: unknown,
  profile: 'contract' | 'vendor' = 'contract',
): Record<string, unknown> {
  const schema = (profile === 'vendor' ? VENDOR_BODY_SCHEMAS : CONTRACT_BODY_SCHEMAS)[command] ?? noBody;
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw invalid(`Invalid body for ${command}`, {
      issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return result.data;
}

/** Reasons a healthy vehicle's command may still fail with at the configured fault rate. */
const RANDOM_OEM_FAULTS: FailedReason[] = [
  'OEM_UNKNOWN_ERROR',
  'OEM_TIMEOUT',
  'OEM_UNAVAILABLE',
  'OEM_NETWORK_ERROR',
  'OEM_COMMAND_FAILED',
  'OEM_VEHICLE_REMOTE_ACCESS_DISABLED',
  'OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_DRIVING_OR_READY_TO_DRIVE',
];

export interface CommandContext {
  now: number;
  delayMs: number;
  faultRate: number;
  rng: Rng;
}

/** Brings every execution of the vehicle up to `now`: applies the effect of those that succeeded. */
export function settleExecutions(vehicle: Vehicle, now: number): void {
  for (const execution of vehicle.executions) {
    if (execution.applied || execution.settlesAt > now) continue;
    execution.applied = true;
    if (execution.outcome.status === 'EXECUTED') applyEffect(vehicle, execution, execution.settlesAt);
  }
}

export function statusOf(execution: Execution, now: number): Execution['outcome'] | { status: 'PENDING' } {
  return execution.settlesAt > now ? { status: 'PENDING' } : execution.outcome;
}

export function createExecution(vehicle: Vehicle, command: CommandName, args: Record<string, unknown>, ctx: CommandContext): Execution {
  settleExecutions(vehicle, ctx.now);
  if (vehicle.executions.some((e) => e.command === command && e.settlesAt > ctx.now)) {
    throw new ApiError('COMMAND_ALREADY_IN_PROGRESS', `A ${command} command is already pending for this vehicle`);
  }
  const timeoutMs = COMMAND_TIMEOUT_SECONDS * 1000;
  let outcome: Execution['outcome'] = { status: 'EXECUTED' };
  // Only a listening vehicle sends commands to the OEM, and only those spend its budget.
  if (!vehicle.isListening) outcome = { status: 'FAILED', failedReason: 'NOT_PERMITTED' };
  else if (!spend(vehicle, 'OEM_ENERGY_API_COMMANDS', ctx.now)) outcome = { status: 'FAILED', failedReason: 'OEM_COMMANDS_RATE_LIMITED' };
  else {
    spend(vehicle, 'OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE', ctx.now);
    if (command === 'STOP_CHARGING' && !spend(vehicle, 'OEM_ENERGY_API_STOP_COMMANDS', ctx.now)) {
      outcome = { status: 'FAILED', failedReason: 'OEM_STOP_CHARGE_RATE_LIMITED' };
    } else if (!vehicle.online) outcome = { status: 'FAILED', failedReason: 'OEM_VEHICLE_OFFLINE' };
    else if (ctx.faultRate > 0 && ctx.rng() < ctx.faultRate) outcome = { status: 'FAILED', failedReason: pick(ctx.rng, RANDOM_OEM_FAULTS) };
  }
  // The OEM never answers within the time-out: the execution ends as timed out.
  if (ctx.delayMs >= timeoutMs) outcome = { status: 'FAILED', failedReason: 'OEM_COMMAND_TIMEOUT' };
  const execution: Execution = {
    id: `cmd_${hexString(ctx.rng, 20)}`,
    vehicleId: vehicle.id,
    command,
    commandArguments: args,
    executedAt: ctx.now,
    settlesAt: ctx.now + Math.min(ctx.delayMs, timeoutMs),
    outcome,
    applied: false,
  };
  vehicle.executions.push(execution);
  return execution;
}

export function renderExecution(execution: Execution, now: number) {
  const state = statusOf(execution, now);
  return {
    id: execution.id,
    vehicleId: execution.vehicleId,
    command: execution.command,
    commandArguments: execution.commandArguments,
    timeout: COMMAND_TIMEOUT_SECONDS,
    executedAt: new Date(execution.executedAt).toISOString(),
    status: state.status,
    // Present on failure only, as the contract describes it.
    ...(state.status === 'FAILED' ? { failedReason: state.failedReason } : {}),
  };
}

function applyEffect(vehicle: Vehicle, execution: Execution, at: number): void {
  const sim = simOf(vehicle, at);
  const args = execution.commandArguments;
  vehicle.lastSeenAt = Math.max(vehicle.lastSeenAt, at);
  sim.updatedAt = at;
  switch (execution.command) {
    case 'LOCK_DOORS':
      sim.locked = true;
      break;
    case 'UNLOCK_DOORS':
      sim.locked = false;
      break;
    case 'SET_CHARGE_LIMIT':
      freezeCharge(sim, at);
      sim.chargeLimit = args.limit as number;
      if (sim.chargingState === 'CHARGING') startCharging(sim, at);
      break;
    case 'START_CHARGING':
      startCharging(sim, at);
      break;
    case 'STOP_CHARGING':
      freezeCharge(sim, at);
      if (sim.chargingState === 'CHARGING') sim.chargingState = 'STOPPED';
      sim.chargeStartedAt = null;
      break;
    case 'OPEN_CHARGE_PORT':
      sim.chargePortDoorOpen = true;
      break;
    case 'CLOSE_CHARGE_PORT':
      freezeCharge(sim, at);
      sim.chargePortDoorOpen = false;
      sim.chargingState = 'DISCONNECTED';
      sim.chargeStartedAt = null;
      break;
    case 'ACTUATE_FRONT_TRUNK':
      sim.frontTrunkOpen = !sim.frontTrunkOpen;
      break;
    case 'ACTUATE_REAR_TRUNK':
      sim.rearTrunkOpen = !sim.rearTrunkOpen;
      break;
    case 'SET_VEHICLE_NAME':
      sim.name = args.name as string;
      sim.nameUpdatedAt = at;
      break;
    case 'SET_TEMPERATURE':
      sim.temperatureC = { driver: args.driverTemperature as number, passenger: args.passengerTemperature as number };
      break;
    case 'CLIMATE_ON':
    case 'START_HVAC_SYSTEM':
      sim.climateOn = true;
      break;
    case 'CLIMATE_OFF':
      sim.climateOn = false;
      break;
    case 'WINDOW_HEATING_ON':
      sim.windowHeating = true;
      break;
    case 'WINDOW_HEATING_OFF':
      sim.windowHeating = false;
      break;
    case 'SCHEDULE_SOFTWARE_UPDATE':
      sim.softwareUpdateAt = at + (args.offsetSeconds as number) * 1000;
      break;
    case 'CANCEL_SOFTWARE_UPDATE':
      sim.softwareUpdateAt = null;
      break;
    case 'WAKE_UP':
    case 'HONK_HORN':
    case 'FLASH_LIGHTS':
      break;
  }
}
