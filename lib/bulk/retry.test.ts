import { describe, expect, it } from 'vitest';
import { bulkJobInputSchema } from './schemas';
import { BULK_PAGE_LIMIT } from './schemas';
import { failedVehicleIds, retryFailedInput, UNKNOWN_OUTCOME, unknownOutcomeRows } from './retry';

const JOB = '0190a3c4-0000-7000-8000-000000000001';
const items = [
  { vehicleId: 'v-1', outcome: 'done' as const },
  { vehicleId: 'v-2', outcome: 'failed' as const },
  { vehicleId: 'v-3', outcome: 'skipped' as const },
  { vehicleId: 'v-4', outcome: 'failed' as const },
  { vehicleId: 'v-5', outcome: 'pending' as const },
];

describe('retrying the failed rows of a bulk job', () => {
  it('selects exactly the failed rows, in the job’s order, never the done, skipped or waiting ones', () => {
    expect(failedVehicleIds(items)).toEqual(['v-2', 'v-4']);
    expect(failedVehicleIds(items.filter((i) => i.outcome !== 'failed'))).toEqual([]);
  });

  it('makes a new job input with the same command and parameters over those vehicles, naming the job it retries', () => {
    const input = retryFailedInput(
      { id: JOB, action: 'command', status: 'done', args: { command: 'SET_CHARGE_LIMIT', args: { limit: 80 } } },
      items,
    );
    expect(input).toEqual({
      action: 'command',
      command: { command: 'SET_CHARGE_LIMIT', args: { limit: 80 } },
      selection: { mode: 'ids', vehicleIds: ['v-2', 'v-4'], retryOf: JOB },
    });
    // What the route accepts from any new job: the same schema, so the same gates.
    expect(bulkJobInputSchema.safeParse(input).success).toBe(true);
  });

  it('keeps the tag of a tag job and carries no arguments for listening', () => {
    expect(retryFailedInput({ id: JOB, action: 'tag.add', status: 'cancelled', args: { key: 'depot', value: 'north' } }, items)).toEqual({
      action: 'tag.add',
      tag: { key: 'depot', value: 'north' },
      selection: { mode: 'ids', vehicleIds: ['v-2', 'v-4'], retryOf: JOB },
    });
    expect(retryFailedInput({ id: JOB, action: 'listening.off', status: 'paused', args: null }, items)).toEqual({
      action: 'listening.off',
      selection: { mode: 'ids', vehicleIds: ['v-2', 'v-4'], retryOf: JOB },
    });
  });

  it('offers nothing while the job runs or when no row failed', () => {
    expect(retryFailedInput({ id: JOB, action: 'listening.on', status: 'running', args: null }, items)).toBeNull();
    expect(retryFailedInput({ id: JOB, action: 'listening.on', status: 'done', args: null }, items.slice(0, 1))).toBeNull();
  });

  it('retries only FAILED rows: a row whose outcome is unknown is listed apart with its explanation', () => {
    const rows = [
      { vehicleId: 'v-1', outcome: 'failed' as const, reason: 'OEM_VEHICLE_OFFLINE: The vehicle is offline', execution: null },
      { vehicleId: 'v-2', outcome: 'failed' as const, reason: `NETWORK_ERROR: ${UNKNOWN_OUTCOME}`, execution: null },
      {
        vehicleId: 'v-3',
        outcome: 'failed' as const,
        reason: 'TIMEOUT: no answer',
        execution: { state: 'unknown' as const, requestedAt: '2026-11-29T10:00:00Z' },
      },
      {
        vehicleId: 'v-4',
        outcome: 'failed' as const,
        reason: 'VEHICLE_ASLEEP: asleep',
        execution: { state: 'failed' as const, requestedAt: '2026-11-29T10:00:00Z' },
      },
      { vehicleId: 'v-5', outcome: 'done' as const, reason: null, execution: null },
    ];
    expect(failedVehicleIds(rows)).toEqual(['v-1', 'v-4']);
    expect(unknownOutcomeRows(rows).map((r) => [r.vehicleId, r.reason])).toEqual([
      ['v-2', `NETWORK_ERROR: ${UNKNOWN_OUTCOME}`],
      ['v-3', 'TIMEOUT: no answer'],
    ]);
    expect(retryFailedInput({ id: JOB, action: 'command', status: 'done', args: { command: 'UNLOCK_DOORS' } }, rows)?.selection).toEqual({
      mode: 'ids',
      vehicleIds: ['v-1', 'v-4'],
      retryOf: JOB,
    });
    // Only unknown rows: nothing to retry.
    expect(
      retryFailedInput({ id: JOB, action: 'command', status: 'done', args: { command: 'UNLOCK_DOORS' } }, rows.slice(1, 3)),
    ).toBeNull();
  });

  it('retries more than 1,000 failed rows in one job, while a hand-made list of ids stays within a page', () => {
    const many = Array.from({ length: 2_500 }, (_, i) => ({ vehicleId: `veh-${i}`, outcome: 'failed' as const }));
    const input = retryFailedInput({ id: JOB, action: 'listening.on', status: 'done', args: null }, many)!;
    expect(input.selection).toMatchObject({ mode: 'ids', retryOf: JOB });
    expect(bulkJobInputSchema.safeParse(input).success).toBe(true);
    const handMade = { ...input, selection: { mode: 'ids' as const, vehicleIds: many.map((m) => m.vehicleId) } };
    const refused = bulkJobInputSchema.safeParse(handMade);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['selection', 'vehicleIds'],
        message: `Select at most ${BULK_PAGE_LIMIT} vehicles by id: choose more by a filter`,
      }),
    ]);
    expect(bulkJobInputSchema.safeParse({ ...handMade, selection: { mode: 'ids', vehicleIds: ['veh-1'] } }).success).toBe(true);
  });
});
