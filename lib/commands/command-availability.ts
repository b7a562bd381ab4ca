import type { CommandName } from '@/lib/contract/vehicle-api';
import { formatClock } from '@/lib/format/time';

/** A command the organization's service said it does not offer, as the browser receives it. */
export type UnofferedCommandView = { command: string; vehicleId: string; upstreamRequestId: string | null; learnedAt: string };

/** What a budget limits, from the end of its key: the contract writes `OEM_ENERGY_API_...`, the vendor `BMW_ENERGY_API_...`. */
export type BudgetKind = 'COMMANDS' | 'STOP_COMMANDS' | 'COMMANDS_AND_FETCH_STATE';

/** A rate limit as the upstream reports it (every field may be missing). */
export type BudgetLimit = {
  key?: string | null;
  remainingRequests?: number | null;
  maxRequests?: number | null;
  windowSizeSeconds?: number | null;
};

export const BUDGET_NAMES: Record<BudgetKind, string> = {
  COMMANDS: 'Remote commands',
  STOP_COMMANDS: 'Stop-charging commands',
  COMMANDS_AND_FETCH_STATE: 'Commands and state fetches',
};

/** Longest suffix first: `_STOP_COMMANDS` also ends in `_COMMANDS`. */
export function budgetKind(key: string | null | undefined): BudgetKind | null {
  if (!key) return null;
  if (key.endsWith('_STOP_COMMANDS')) return 'STOP_COMMANDS';
  if (key.endsWith('_COMMANDS_AND_FETCH_STATE')) return 'COMMANDS_AND_FETCH_STATE';
  if (key.endsWith('_COMMANDS')) return 'COMMANDS';
  return null;
}

/** The budgets a command spends: every command the command budgets, stopping a charge its own as well. */
function budgetsOf(command: CommandName): BudgetKind[] {
  const kinds: BudgetKind[] = ['COMMANDS', 'COMMANDS_AND_FETCH_STATE'];
  if (command === 'STOP_CHARGING') kinds.push('STOP_COMMANDS');
  return kinds;
}

/** The command budget itself (the one the panel shows), whatever the key's prefix. */
export function commandBudget<L extends BudgetLimit>(limits: readonly L[]): L | undefined {
  return limits.find((limit) => budgetKind(limit.key) === 'COMMANDS');
}

/**
 * The command budget as last known: the upstream's answer (read at `readAt`) or what the last
 * `rate_limit.updated` event said, whichever is newer, with its time and where it came from.
 */
export function newestCommandBudget(data: {
  limits: readonly BudgetLimit[];
  readAt: string | null;
  pushed: readonly { key: string; remainingRequests: number; maxRequests: number; windowSizeSeconds: number | null; at: string }[];
}): (BudgetLimit & { asOf: string | null; fromEvent: boolean }) | undefined {
  const read = commandBudget(data.limits);
  const pushed = commandBudget(data.pushed);
  if (pushed && (!read || data.readAt === null || Date.parse(pushed.at) > Date.parse(data.readAt))) {
    return { ...pushed, asOf: pushed.at, fromEvent: true };
  }
  return read ? { ...read, asOf: data.readAt, fromEvent: false } : undefined;
}

/**
 * Why `command` cannot be sent now, or undefined: one of its budgets has nothing left. The
 * upstream gives the window's length, not its end, so the renewal is said as "by" the read time
 * plus one window, which is the latest it can be.
 */
export function spentBudgetReason(
  command: CommandName,
  limits: readonly BudgetLimit[],
  readAt: Date,
  /** The person's time zone: the renewal is said in 24-hour time there ("14:03"), as the examples read. */
  zone: string,
): string | undefined {
  const kinds = budgetsOf(command);
  const spent = limits.find((limit) => {
    const kind = budgetKind(limit.key);
    return (
      kind !== null &&
      kinds.includes(kind) &&
      limit.remainingRequests !== null &&
      limit.remainingRequests !== undefined &&
      limit.remainingRequests <= 0
    );
  });
  if (!spent) return undefined;
  const name = BUDGET_NAMES[budgetKind(spent.key)!].toLowerCase();
  // A window that is no positive length, or ends past the dates JavaScript can write, says nothing of the renewal.
  const renews = new Date(readAt.getTime() + (spent.windowSizeSeconds ?? 0) * 1000);
  const renewal =
    spent.windowSizeSeconds && spent.windowSizeSeconds > 0 && !Number.isNaN(renews.getTime())
      ? `It renews by ${formatClock(renews, zone)} at the latest.`
      : 'It renews when the manufacturer’s window ends.';
  return `Budget spent: no ${name} left for this vehicle (${spent.key}). ${renewal}`;
}
