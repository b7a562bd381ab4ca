import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '@/lib/contract/vehicle-api';
import {
  bulkJobStepUp,
  commandStepUp,
  OPENING_COMMANDS,
  secondFactorRequirementStepUp,
  STEP_UP_WINDOW_MS,
  stepUpIsFresh,
} from './dangerous-actions';

const THRESHOLD = 50;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `veh_${i}`);
const bulkCommand = (command: string, selection: { mode: string; vehicleIds?: string[] }, confirmedCount?: number) => ({
  action: 'command',
  command: { command },
  selection,
  confirmedCount,
});

describe('which commands need a step-up', () => {
  it('asks for one before unlocking the doors or opening either trunk, and for no other command', () => {
    const asked = COMMAND_NAMES.filter((command) => commandStepUp({ command }) !== null);
    expect(asked.sort()).toEqual(['ACTUATE_FRONT_TRUNK', 'ACTUATE_REAR_TRUNK', 'UNLOCK_DOORS']);
    expect(commandStepUp({ command: 'UNLOCK_DOORS' })).toBe('vehicle.open');
    expect(commandStepUp({ command: 'LOCK_DOORS' })).toBeNull();
    expect(commandStepUp({ command: 'HONK_HORN' })).toBeNull();
  });

  it('names only commands of the contract', () => {
    for (const command of OPENING_COMMANDS) expect(COMMAND_NAMES).toContain(command);
  });
});

describe('which bulk jobs need a step-up', () => {
  it('lets a command to up to the type-back threshold through, and asks above it', () => {
    expect(bulkJobStepUp(bulkCommand('LOCK_DOORS', { mode: 'ids', vehicleIds: ids(THRESHOLD) }), THRESHOLD)).toBeNull();
    expect(bulkJobStepUp(bulkCommand('LOCK_DOORS', { mode: 'ids', vehicleIds: ids(THRESHOLD + 1) }, THRESHOLD + 1), THRESHOLD)).toBe(
      'bulk.command',
    );
    // Named vehicles count even without a typed-back count (the job would be refused later anyway).
    expect(bulkJobStepUp(bulkCommand('LOCK_DOORS', { mode: 'ids', vehicleIds: ids(THRESHOLD + 1) }), THRESHOLD)).toBe('bulk.command');
  });

  it('reads a filter selection’s size from the count typed back (a large one cannot run without it)', () => {
    expect(bulkJobStepUp(bulkCommand('HONK_HORN', { mode: 'filter' }), THRESHOLD)).toBeNull();
    expect(bulkJobStepUp(bulkCommand('HONK_HORN', { mode: 'filter' }, THRESHOLD), THRESHOLD)).toBeNull();
    expect(bulkJobStepUp(bulkCommand('HONK_HORN', { mode: 'filter' }, 400), THRESHOLD)).toBe('bulk.command');
  });

  it('asks before opening vehicles in bulk, at any size', () => {
    expect(bulkJobStepUp(bulkCommand('UNLOCK_DOORS', { mode: 'ids', vehicleIds: ids(1) }), THRESHOLD)).toBe('bulk.command');
    expect(bulkJobStepUp(bulkCommand('ACTUATE_FRONT_TRUNK', { mode: 'filter' }), THRESHOLD)).toBe('bulk.command');
  });

  it('never asks for tags or listening, however many vehicles', () => {
    for (const action of ['tag.add', 'tag.remove', 'listening.on', 'listening.off']) {
      expect(bulkJobStepUp({ action, selection: { mode: 'ids', vehicleIds: ids(1_000) } }, THRESHOLD)).toBeNull();
    }
  });
});

describe('the organization’s second-factor requirement', () => {
  it('asks before turning it off, never before turning it on', () => {
    expect(secondFactorRequirementStepUp({ required: false })).toBe('settings.second_factor_off');
    expect(secondFactorRequirementStepUp({ required: true })).toBeNull();
  });
});

describe('the five-minute window', () => {
  const provenAt = new Date(Date.UTC(2026, 10, 29, 7, 0));
  const after = (ms: number) => new Date(provenAt.getTime() + ms);

  it('counts a proof for five minutes, not a millisecond more', () => {
    expect(STEP_UP_WINDOW_MS).toBe(5 * 60_000);
    expect(stepUpIsFresh(provenAt, after(0))).toBe(true);
    expect(stepUpIsFresh(provenAt, after(STEP_UP_WINDOW_MS - 1))).toBe(true);
    expect(stepUpIsFresh(provenAt, after(STEP_UP_WINDOW_MS))).toBe(false);
    expect(stepUpIsFresh(provenAt, after(60 * 60_000))).toBe(false);
  });

  it('counts no proof, and none dated in the future', () => {
    expect(stepUpIsFresh(null, provenAt)).toBe(false);
    expect(stepUpIsFresh(provenAt, after(-1))).toBe(false);
  });
});

describe('the routes of the dangerous actions', () => {
  const route = (file: string) => readFileSync(path.join(process.cwd(), 'app/api/o/[org]', file, 'route.ts'), 'utf8');

  it('each declares its step-up through withOrg', () => {
    expect(route('vehicles/[vehicleId]/commands')).toContain('stepUp: ({ body }) => commandStepUp(body)');
    expect(route('bulk')).toContain('stepUp: ({ body }) => bulkJobStepUp(body, TYPE_BACK_ABOVE)');
    expect(route('vehicles/[vehicleId]')).toContain("stepUp: 'vehicle.disconnect'");
    expect(route('accounts/[accountId]/disconnect')).toContain("stepUp: 'account.disconnect'");
    expect(route('settings/credentials')).toContain("stepUp: 'settings.credentials'");
    expect(route('settings/webhook')).toContain("stepUp: 'settings.webhook_secret'");
    expect(route('members/[userId]')).toContain("stepUp: 'members.role'");
    expect(route('api-credentials')).toContain("stepUp: 'api_credentials.create'");
    expect(route('members/[userId]')).toContain("stepUp: 'members.remove'");
    expect(route('settings/second-factor')).toContain('stepUp: ({ body }) => secondFactorRequirementStepUp(body)');
    expect(route('eligibility/[checkId]/connections')).toContain("stepUp: 'eligibility.bulk_connect'");
    expect(route('eligibility/[checkId]/connections/[connectionId]/retry')).toContain("stepUp: 'eligibility.bulk_connect'");
    expect(route('notifications/endpoints')).toContain("stepUp: 'notifications.webhook_secret'");
    expect(route('notifications/endpoints/[endpointId]/secret')).toContain("stepUp: 'notifications.webhook_secret'");
  });
});
