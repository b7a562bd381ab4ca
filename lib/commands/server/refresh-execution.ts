import 'server-only';
import type { Db } from '@/lib/db';
import { getCommandExecutionById, updateCommandStatus } from '@/lib/db/repos/command-executions';
import type { CommandExecution } from '@/lib/db/schema';
import type { VehicleApi } from '@/lib/vehicle-api';
import { knownStatus } from '@/lib/commands/server/send-vehicle-command';
import { readUpstreamDate } from '@/lib/commands/upstream-date';
import { setBounded } from '@/lib/bounded-map';

/** However many browsers watch one execution, the upstream is asked about it at most this often. */
export const STATUS_POLL_INTERVAL_MS = 1_000;

/** A slot nobody asked about for this long (the viewer left a pending command) is dropped. */
const SLOT_IDLE_MS = 60_000;
const MAX_SLOTS = 10_000;

type Slot = { at: number; last?: CommandExecution; pending?: Promise<CommandExecution> };
const SLOTS_KEY = Symbol.for('motorpool.executionStatusSlots');

function slots(): Map<string, Slot> {
  const store = globalThis as typeof globalThis & { [SLOTS_KEY]?: Map<string, Slot> };
  return (store[SLOTS_KEY] ??= new Map());
}

function dropIdleSlots(now: number) {
  for (const [id, slot] of slots()) if (!slot.pending && now - slot.at > SLOT_IDLE_MS) slots().delete(id);
}

/** For tests: the executions whose status this process is following. */
export const watchedExecutionIds = () => [...slots().keys()];

let upstreamStatusCalls = 0;
/** For the benchmark: how many times the upstream was asked for a status. */
export const statusCallCount = () => upstreamStatusCalls;

/**
 * The current state of a command execution. A pending one is refreshed from the upstream when
 * the last look is older than a second; concurrent viewers share one call. Settled ones come from
 * Motorpool's record alone.
 */
export async function refreshExecution(db: Db, api: VehicleApi, record: CommandExecution, now = Date.now()): Promise<CommandExecution> {
  const watching = record.localStatus === 'SENT' && record.status === 'PENDING' && record.upstreamExecutionId;
  if (!watching) return record;
  const slot = slots().get(record.id) ?? { at: 0 };
  if (slot.pending) return slot.pending;
  if (now - slot.at < STATUS_POLL_INTERVAL_MS) return slot.last ?? (await getCommandExecutionById(db, record.id)) ?? record;
  dropIdleSlots(now);
  slot.at = now;
  slot.pending = (async () => {
    upstreamStatusCalls += 1;
    const response = await api.getCommandExecution(record.vehicleId, record.upstreamExecutionId!);
    const execution = response.data;
    const executedAt = readUpstreamDate(execution.executedAt);
    const updated = await updateCommandStatus(db, record.id, {
      status: knownStatus(execution.status),
      failedReason: execution.failedReason ?? null,
      executedAt: executedAt.date,
      executedAtRaw: executedAt.raw,
    });
    return updated ?? record;
  })().finally(() => {
    slot.pending = undefined;
    // Counted from the end of the call too, so consecutive upstream calls are a full interval apart.
    slot.at = Math.max(slot.at, Date.now());
  });
  setBounded(slots(), record.id, slot, MAX_SLOTS);
  const result = await slot.pending;
  slot.last = result;
  if (result.status !== 'PENDING') slots().delete(record.id);
  return result;
}
