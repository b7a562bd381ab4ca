/**
 * A vehicle's history backfill as the browser sees it, and its cost worked out before it starts:
 * pure, so the estimate can be checked by value and shown as the server worked it out.
 */

export const BACKFILL_KINDS = ['journeys', 'charging'] as const;
export type BackfillKind = (typeof BACKFILL_KINDS)[number];

export type BackfillStatus = 'queued' | 'gathering' | 'done' | 'failed';

const DAY_MS = 86_400_000;

/** Below this many days of a vehicle's own stored history, its density says too little: the fleet's is used. */
export const MIN_DENSITY_DAYS = 7;

/**
 * The fleet's density is read over its last this many whole UTC days (four whole weeks, so the
 * weekdays weigh alike): enough for an average, and a bounded read however long the store is.
 */
export const FLEET_DENSITY_DAYS = 28;

/** Items per day assumed where neither the vehicle nor the fleet has a week of history stored yet. */
export const ASSUMED_PER_DAY: Record<BackfillKind, number> = { journeys: 4, charging: 1 };

export interface KindEstimateInput {
  /** What is stored complete starts here (null: nothing of this kind gathered yet: everything up to now is missing). */
  coveredFrom: Date | null;
  /** The vehicle's stored items of this kind and the days its complete walk spans. */
  vehicleItems: number;
  vehicleDays: number;
  /**
   * The same over the organization's vehicles, their whole days covered within the last
   * FLEET_DENSITY_DAYS (the density where the vehicle's own is too short).
   */
  fleetItems: number;
  fleetDays: number;
}

export interface BudgetInput {
  /** Calls the gathering may spend per budget window (the vehicle's share). */
  allowedPerWindow: number;
  windowMs: number;
  /** Whether the snapshot has read the vehicle's rate limits (else a small daily allowance stands in). */
  known: boolean;
  /** Calls the gathering already spent in the current window, and when it ends. */
  spentInWindow: number;
  windowEnd: Date;
}

export interface EstimateInput {
  from: Date;
  now: Date;
  pageSize: number;
  kinds: Record<BackfillKind, KindEstimateInput>;
  budget: BudgetInput;
  /** How often the gathering job runs (the first pages go at its next pass). */
  tickMs: number;
}

export type DensitySource = 'vehicle' | 'fleet' | 'assumed';

export interface KindEstimate {
  /** Days between the requested start and what is stored. */
  days: number;
  itemsPerDay: number;
  densitySource: DensitySource;
  items: number;
  /** Upstream calls: one per page, and a last one that says there is no more. */
  pages: number;
}

export interface BackfillEstimate {
  from: string;
  pageSize: number;
  kinds: Record<BackfillKind, KindEstimate>;
  calls: number;
  budget: { callsPerWindow: number; windowSeconds: number; known: boolean; leftInWindow: number; reservedPerWindow: number };
  /** Budget windows the calls spread over (1: all of them within the current one; null: never, the share allows none). */
  windows: number | null;
  /** When the last page should be stored; null when the share allows no call at all. */
  doneBy: string | null;
  durationMs: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function density(input: KindEstimateInput, kind: BackfillKind): { itemsPerDay: number; densitySource: DensitySource } {
  if (input.vehicleDays >= MIN_DENSITY_DAYS) return { itemsPerDay: input.vehicleItems / input.vehicleDays, densitySource: 'vehicle' };
  if (input.fleetDays >= MIN_DENSITY_DAYS) return { itemsPerDay: input.fleetItems / input.fleetDays, densitySource: 'fleet' };
  return { itemsPerDay: ASSUMED_PER_DAY[kind], densitySource: 'assumed' };
}

/** One kind's share: the days not stored between the start and what is, their items at the density, their pages. */
export function estimateKind(kind: BackfillKind, input: KindEstimateInput, from: Date, now: Date, pageSize: number): KindEstimate {
  const until = input.coveredFrom ?? now;
  const days = Math.max(0, (until.getTime() - from.getTime()) / DAY_MS);
  const { itemsPerDay, densitySource } = density(input, kind);
  const items = Math.round(days * itemsPerDay);
  // The walk stops at the first page without a next-page token: a full last page costs one more call.
  const pages = days === 0 ? 0 : Math.floor(items / pageSize) + 1;
  return { days: round1(days), itemsPerDay: round1(itemsPerDay), densitySource, items, pages };
}

/**
 * The cost of gathering a vehicle's history back to `from`: per kind the pages of the missing days
 * at the density the store knows (the vehicle's own, else the fleet's, else an assumption), and the
 * time they take within the vehicle's share of its rate budget: what is left in the current window
 * first, then each later window's share less the calls the daily walk of new items keeps (one per
 * kind), the last pages at the job's next pass after the window opens.
 */
export function estimateBackfill(input: EstimateInput): BackfillEstimate {
  const kinds = {
    journeys: estimateKind('journeys', input.kinds.journeys, input.from, input.now, input.pageSize),
    charging: estimateKind('charging', input.kinds.charging, input.from, input.now, input.pageSize),
  };
  const calls = kinds.journeys.pages + kinds.charging.pages;
  const { budget, now, tickMs } = input;
  const allowed = Math.max(0, budget.allowedPerWindow);
  const reserved = Math.min(BACKFILL_KINDS.length, Math.max(0, allowed - 1));
  const perLaterWindow = allowed - reserved;
  const leftInWindow = Math.max(0, allowed - budget.spentInWindow);
  const summary = {
    callsPerWindow: allowed,
    windowSeconds: Math.round(budget.windowMs / 1000),
    known: budget.known,
    leftInWindow,
    reservedPerWindow: reserved,
  };
  const base = { from: input.from.toISOString().slice(0, 10), pageSize: input.pageSize, kinds, calls, budget: summary };
  if (calls === 0) return { ...base, windows: 0, doneBy: now.toISOString(), durationMs: 0 };
  if (calls <= leftInWindow) return { ...base, windows: 1, doneBy: new Date(now.getTime() + tickMs).toISOString(), durationMs: tickMs };
  if (perLaterWindow <= 0) return { ...base, windows: null, doneBy: null, durationMs: null };
  const later = Math.ceil((calls - leftInWindow) / perLaterWindow);
  const doneBy = budget.windowEnd.getTime() + (later - 1) * budget.windowMs + tickMs;
  return { ...base, windows: later + 1, doneBy: new Date(doneBy).toISOString(), durationMs: doneBy - now.getTime() };
}

const DENSITY_WORDS: Record<DensitySource, string> = {
  vehicle: 'this vehicle’s stored history',
  fleet: 'the fleet’s stored history, as this vehicle has less than a week stored',
  assumed: 'an assumption, as the fleet has less than a week stored',
};

const KIND_WORDS: Record<BackfillKind, string> = { journeys: 'journeys', charging: 'charging sessions' };

/** How the estimate was made, in a sentence per kind: the days, the density and where it comes from, the pages. */
export function estimateMethod(estimate: BackfillEstimate): string[] {
  return BACKFILL_KINDS.map((kind) => {
    const k = estimate.kinds[kind];
    if (k.pages === 0) return `${KIND_WORDS[kind]}: already stored from this day on, no call.`;
    return `${KIND_WORDS[kind]}: ${k.days} days not stored × ${k.itemsPerDay} a day (from ${DENSITY_WORDS[k.densitySource]}) ≈ ${k.items}, in pages of ${estimate.pageSize}: ${k.pages} ${k.pages === 1 ? 'call' : 'calls'}.`;
  });
}

/** A duration as a person reads it: minutes, hours or days, rounded up. */
export function durationWords(ms: number | null): string {
  if (ms === null) return 'never within the current budget share';
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 90) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(ms / 3_600_000);
  if (hours < 48) return `about ${hours} hours`;
  return `about ${Math.ceil(ms / DAY_MS)} days`;
}

/** The budget as a sentence: calls per window, and whether the rate limits are known. */
export function budgetWords(estimate: BackfillEstimate): string {
  const { callsPerWindow, windowSeconds, known } = estimate.budget;
  const window =
    windowSeconds % 86_400 === 0
      ? `${windowSeconds / 86_400 === 1 ? 'day' : `${windowSeconds / 86_400} days`}`
      : `${Math.round(windowSeconds / 60)} minutes`;
  return known
    ? `${callsPerWindow} calls per ${window} (the history’s share of the vehicle’s rate budget)`
    : `${callsPerWindow} calls per ${window} (the vehicle’s rate budget is not read yet: a small allowance stands in)`;
}

/** A backfill request as the vehicle's page and the report show it. */
export interface BackfillView {
  vehicleId: string;
  from: string;
  status: BackfillStatus;
  reason: string | null;
  requestedByEmail: string | null;
  requestedAt: string;
  estimatedCalls: number;
  calls: number;
  finishedAt: string | null;
}

export interface KindCoverageView {
  status: string;
  reason: string | null;
  coveredFrom: string | null;
  completeAt: string | null;
}

/** What the backfill panel reads: the request (if any), what is stored, the bounds of a start, and the estimate for one. */
export interface BackfillPanelView {
  vehicleId: string;
  request: BackfillView | null;
  coverage: Record<BackfillKind, KindCoverageView>;
  /** Why the vehicle's history cannot be gathered now (not connected, not listening, no consent); null when it can. */
  unreadable: string | null;
  /** The earliest start the retention allows and the latest one (yesterday), as UTC days. */
  earliest: string;
  latest: string;
  estimate: BackfillEstimate;
}

export const BACKFILL_STATUS_WORDS: Record<BackfillStatus, string> = {
  queued: 'Queued',
  gathering: 'Gathering',
  done: 'Done',
  failed: 'Failed',
};

/** Where a vehicle's backfill is asked for (the report links there): its Journeys tab, the start suggested. */
export const backfillHref = (org: string, vehicleId: string, from?: string) =>
  `/o/${encodeURIComponent(org)}/vehicles/${encodeURIComponent(vehicleId)}/journeys${from ? `?historyFrom=${from}` : ''}#history-backfill`;
