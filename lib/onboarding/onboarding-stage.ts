import type { BulkOutcome } from '@/lib/eligibility/bulk-connect';
import { keysOf } from '@/lib/keys-of';
import { ELIGIBILITY_RESULT_STATUS, isIneligibleStatus, isSettledGroup, lookOf, type IneligibleRow } from '@/lib/eligibility/statuses';

/**
 * Where a bulk VIN list stands on the onboarding page, from its eligibility check to the
 * connection of its eligible vehicles: pure, so the page, the route and the tests word it the
 * same way. The service has no status read for a check: its state is the one Motorpool derived
 * from its results (lib/eligibility/derive-check-status.ts) and kept with the check.
 */

/** Each stage, in the order a list goes through them, with its label. */
export const VIN_LIST_STAGE_LABELS = {
  eligibility_running: 'Eligibility being checked',
  eligibility_failed: 'Eligibility check failed',
  none_eligible: 'Checked, no vehicle eligible',
  eligibility_checked: 'Eligibility checked, not connected yet',
  connecting: 'Connection running',
  connection_incomplete: 'Connected in part',
  connected: 'Eligible vehicles connected',
};
export const VIN_LIST_STAGES = keysOf(VIN_LIST_STAGE_LABELS);
export type VinListStage = (typeof VIN_LIST_STAGES)[number];

export type VinListCheck = {
  status: string;
  vinCount: number;
  counts: Record<string, number>;
  createdAt: string;
  /** When Motorpool last wrote what the service said: for a settled check, when it settled. */
  updatedAt: string;
  ineligible: IneligibleRow[] | null;
  /** Whether Motorpool kept the rows sent (with their countries), which a bulk connection needs. */
  vinsKept: boolean;
};

export type VinListConnection = {
  id: string;
  retryOf: string | null;
  status: string;
  vinCount: number;
  results: BulkOutcome[] | null;
  createdAt: string;
  updatedAt: string;
};

/** "3 × Connected services are not offered in JP": a reason and how many rows gave it. */
export type ReasonCount = { reason: string; count: number };

export type VinListProgress = {
  eligible: number;
  ineligible: { count: number; reasons: ReasonCount[] };
  /** Per-VIN connection outcomes (the latest attempt of each VIN); null before any request. */
  connection: { connected: number; pending: number; failed: { count: number; reasons: ReasonCount[] } } | null;
};

export type VinListState = VinListProgress & { stage: VinListStage; since: string; stuck: boolean; nextStep: string };

const OPEN_OUTCOMES = new Set(['PENDING', 'PROCESSING']);

function countReasons(reasons: string[]): ReasonCount[] {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

function ineligibleOf(check: VinListCheck): { count: number; invalid: number; reasons: ReasonCount[] } {
  if (check.ineligible) {
    return {
      count: check.ineligible.length,
      invalid: check.ineligible.filter((r) => r.status === 'VALIDATION_ERROR').length,
      reasons: countReasons(check.ineligible.map((r) => r.reason || lookOf(ELIGIBILITY_RESULT_STATUS, r.status).text)),
    };
  }
  // A check read before its rows were kept: its counts per status are all there is.
  const entries = Object.entries(check.counts).filter(([status, n]) => isIneligibleStatus(status) && n > 0);
  return {
    count: entries.reduce((sum, [, n]) => sum + n, 0),
    invalid: check.counts.VALIDATION_ERROR ?? 0,
    reasons: entries.map(([status, count]) => ({ reason: lookOf(ELIGIBILITY_RESULT_STATUS, status).text, count })),
  };
}

type Failure = { reason: string; category: 'owner' | 'support' | 'later' };

function failureOf(outcome: BulkOutcome): Failure {
  const error = outcome.errors?.find((e) => e.message || e.code) ?? outcome.errors?.[0];
  const reason = error?.message || outcome.message || error?.code || outcome.status || 'No reason given';
  const category =
    error?.actionCategory === 'CUSTOMER_ACTION' || (!error?.actionCategory && outcome.status === 'CONNECTION_REQUIRED')
      ? 'owner'
      : error?.actionCategory === 'CONTACT_SUPPORT' || (!error?.actionCategory && outcome.status === 'INCOMPATIBLE')
        ? 'support'
        : 'later';
  return { reason, category };
}

/**
 * The latest outcome of each VIN sent. A request whose retryable rows were sent again (a later
 * request with `retryOf` its id) no longer speaks for those rows: the retry does, or they are
 * pending while it runs.
 */
function connectionOutcomes(connections: readonly VinListConnection[]) {
  const retried = new Set(connections.flatMap((c) => (c.retryOf ? [c.retryOf] : [])));
  const latest = new Map<string, BulkOutcome>();
  let pending = 0;
  let unnamed = 0;
  const ordered = [...connections].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const connection of ordered) {
    if (!isSettledGroup(connection.status) || !connection.results) {
      pending += connection.vinCount;
      continue;
    }
    for (const outcome of connection.results) {
      if (retried.has(connection.id) && outcome.canRetry) continue;
      const key = outcome.vin?.toUpperCase() ?? `#${unnamed++}`;
      latest.set(key, outcome);
    }
  }
  let connected = 0;
  const failures: Failure[] = [];
  for (const outcome of latest.values()) {
    if (outcome.status === 'CONNECTED') connected += 1;
    else if (OPEN_OUTCOMES.has(outcome.status ?? '')) pending += 1;
    else failures.push(failureOf(outcome));
  }
  return { connected, pending, failures };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ineligibleStep(ineligible: { count: number; invalid: number }): string[] {
  const steps: string[] = [];
  if (ineligible.invalid) steps.push(`Correct the ${plural(ineligible.invalid, 'invalid VIN', 'invalid VINs')} and check again.`);
  const rest = ineligible.count - ineligible.invalid;
  if (rest) steps.push(`Retry the ${plural(rest, 'ineligible row', 'ineligible rows')} later.`);
  return steps;
}

function failureSteps(failures: Failure[]): string[] {
  const owner = failures.filter((f) => f.category === 'owner').length;
  const support = failures.filter((f) => f.category === 'support').length;
  const later = failures.length - owner - support;
  const steps: string[] = [];
  if (owner)
    steps.push(
      `Ask the ${owner === 1 ? 'owner of 1 vehicle to' : `owners of ${owner} vehicles to`} give consent and enable remote access in the manufacturer's app, then retry from the check's page.`,
    );
  if (support)
    steps.push(
      `Send the ${plural(support, 'VIN that cannot be connected', 'VINs that cannot be connected')} to the Vehicle API's support.`,
    );
  if (later) steps.push(`Retry the ${plural(later, 'failed row', 'failed rows')} later from the check's page.`);
  return steps;
}

const latestOf = (times: string[]) => times.reduce((a, b) => (b > a ? b : a));

/** The stage a VIN list reached, since when, whether it waits on someone, and the next step in plain words. */
export function vinListState(check: VinListCheck, connections: readonly VinListConnection[]): VinListState {
  const eligible = check.counts.ELIGIBLE ?? 0;
  const ineligible = ineligibleOf(check);
  const progress = (connection: VinListProgress['connection']): VinListProgress => ({
    eligible,
    ineligible: { count: ineligible.count, reasons: ineligible.reasons },
    connection,
  });

  if (!isSettledGroup(check.status)) {
    return {
      ...progress(null),
      stage: 'eligibility_running',
      since: check.createdAt,
      stuck: true,
      nextStep: `The service is checking ${plural(check.vinCount, 'VIN', 'VINs')}; nothing to do yet. Look again in a few minutes.`,
    };
  }
  if (check.status === 'FAILED') {
    return {
      ...progress(null),
      stage: 'eligibility_failed',
      since: check.updatedAt,
      stuck: true,
      nextStep: "The service could not check these VINs. Send the list again later; if it fails again, contact the Vehicle API's support.",
    };
  }
  if (connections.length === 0) {
    if (eligible === 0) {
      return {
        ...progress(null),
        stage: 'none_eligible',
        since: check.updatedAt,
        stuck: true,
        nextStep: ['No vehicle of this list is eligible.', ...ineligibleStep(ineligible)].join(' '),
      };
    }
    return {
      ...progress(null),
      stage: 'eligibility_checked',
      since: check.updatedAt,
      stuck: true,
      nextStep: [
        check.vinsKept
          ? `Connect the ${plural(eligible, 'eligible vehicle', 'eligible vehicles')} from the check's page.`
          : `Run the check again to connect its ${plural(eligible, 'eligible vehicle', 'eligible vehicles')}: it was sent before Motorpool kept the country of each VIN.`,
        ...ineligibleStep(ineligible),
      ].join(' '),
    };
  }

  const { connected, pending, failures } = connectionOutcomes(connections);
  const connection = { connected, pending, failed: { count: failures.length, reasons: countReasons(failures.map((f) => f.reason)) } };
  if (pending > 0) {
    return {
      ...progress(connection),
      stage: 'connecting',
      since: latestOf(connections.map((c) => c.createdAt)),
      stuck: true,
      nextStep: [
        `The service is connecting ${plural(pending, 'vehicle', 'vehicles')}; nothing to do yet.`,
        ...ineligibleStep(ineligible),
      ].join(' '),
    };
  }
  const settledAt = latestOf(connections.map((c) => c.updatedAt));
  if (failures.length > 0) {
    return {
      ...progress(connection),
      stage: 'connection_incomplete',
      since: settledAt,
      stuck: true,
      nextStep: [...failureSteps(failures), ...ineligibleStep(ineligible)].join(' '),
    };
  }
  return {
    ...progress(connection),
    stage: 'connected',
    since: settledAt,
    stuck: false,
    nextStep: ineligible.count
      ? [`Nothing to do for the ${plural(connected, 'connected vehicle', 'connected vehicles')}.`, ...ineligibleStep(ineligible)].join(' ')
      : 'Nothing to do: every vehicle of the list is connected.',
  };
}
