/**
 * The fault run of issue 13: commands and reads of every vehicle section driven through the BFF's
 * own verbs (what the route handlers call, with the process's real database and the embedded
 * sandbox), while the sandbox answers 30% of calls with a 5xx, loses some answers after carrying
 * the request out, sends 429 bursts with Retry-After, revokes the tokens mid-run, adds latency
 * spikes and truncates JSON. `npm run bench faults` runs it at full size; `bench/faults.test.ts`
 * runs a smaller one inside `npm test`.
 *
 * The caller prepares the process: a migrated database behind `getDb()` and the environment.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod/mini';
import { errorResponse } from '@/lib/bff/error-response';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { stateOf, type ExecutionState } from '@/lib/commands/execution-view';
import { commandFingerprint, createSubmitKeys } from '@/lib/commands/idempotency';
import { listCommandHistory } from '@/lib/commands/server/list-command-history';
import { confirmCommandEffects } from '@/lib/commands/server/confirm-command-effects';
import { getExecution } from '@/lib/commands/server/get-execution';
import { sendCommand } from '@/lib/commands/server/send-vehicle-command';
import { settleCommands } from '@/lib/commands/server/settle-commands';
import { getDb } from '@/lib/db';
import { listCommandExecutions } from '@/lib/db/repos/command-executions';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization, getOrganizationById } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import type { CommandExecution } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { getEmbeddedSandbox } from '@/lib/sandbox';
import { commandHistoryQuerySchema } from '@/lib/commands/history-schemas';
import type { SendCommandInput } from '@/lib/commands/schemas';
import { chargingQuerySchema, journeysQuerySchema, tireHistoryQuerySchema } from '@/lib/vehicle-data/schemas';
import { createBreaker } from '@/lib/vehicle-api';
import { upstreamCallsOfRequest, withUpstreamDeadline } from '@/lib/vehicle-api/deadline';
import { ApiClientError } from '@/lib/query/api-fetch';
import { queryRetryDelayMs, shouldRetryQuery } from '@/lib/query/retry-policy';
import { loadRange, loadStateOfHealth } from '@/lib/vehicle-data/server/load-battery';
import { loadChargingSessions } from '@/lib/vehicle-data/server/load-charging';
import { loadOptions, loadSpecifications } from '@/lib/vehicle-data/server/load-details';
import { loadJourneys } from '@/lib/vehicle-data/server/load-journeys';
import { loadListeningHistory } from '@/lib/vehicle-data/server/load-listening-history';
import { loadMaintenanceServices, loadManufacturerAlerts, loadTireHistory } from '@/lib/vehicle-data/server/load-maintenance';
import { loadChargingWindows, loadDepartureTimes, loadRateLimits, loadTelemetry } from '@/lib/vehicle-data/server/load-telemetry';
import { getVehicle } from '@/lib/vehicles/server/get-vehicle';
import type { FaultRunReport } from './fault-run-report';

export interface FaultRunOptions {
  vehicles: number;
  /** Distinct commands per vehicle (at most 10): each is one intent, sent once, pressed again after a 5xx. */
  commandsPerVehicle: number;
  concurrency?: number;
  /** Wall-clock budget of the settling phase. */
  settleBudgetMs?: number;
  log?: (line: string) => void;
}

/** Ten commands of the vendor's published thirteen, each a distinct intent on one vehicle. */
const INTENTS: SendCommandInput[] = [
  { command: 'LOCK_DOORS' },
  { command: 'CLIMATE_ON' },
  { command: 'SET_CHARGE_LIMIT', args: { limit: 80 } },
  { command: 'OPEN_CHARGE_PORT' },
  { command: 'START_CHARGING' },
  { command: 'SET_TEMPERATURE', args: { driverTemperature: 21, passengerTemperature: 20 } },
  { command: 'ACTUATE_FRONT_TRUNK' },
  { command: 'START_HVAC_SYSTEM' },
  { command: 'STOP_CHARGING' },
  { command: 'CLOSE_CHARGE_PORT' },
] as SendCommandInput[];

const BREAKER_KEY = Symbol.for('motorpool.vehicleApiBreaker');
/** The breaker's pause after a run of 5xx, shortened from 30 s so the run does not spend minutes waiting (its logic is unchanged). */
const RUN_BREAKER_COOLDOWN_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function canonical(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return `{${Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
const intentKey = (vehicleId: string, command: string, args: Record<string, unknown> | null | undefined) =>
  `${vehicleId}|${command}|${canonical(args && Object.keys(args).length > 0 ? args : {})}`;

/** What the browser would show for a failed call: the BFF's error body. */
async function shownError(error: unknown): Promise<{ status: number; code: string; message: string; retryAfterSeconds?: number }> {
  const response = errorResponse(error);
  const body = (await response.json()) as { error: { code: string; message: string; retryAfterSeconds?: number } };
  return { status: response.status, ...body.error };
}

async function inPool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index], index);
      }
    }),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
};

export async function runFaultRun(options: FaultRunOptions): Promise<FaultRunReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  let crashes = 0;
  const onCrash = (error: unknown) => {
    crashes++;
    log(`process-level error: ${error instanceof Error ? error.stack : String(error)}`);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const sandbox = getEmbeddedSandbox();
  try {
    const db = getDb();
    const deadlineMs = env().VEHICLE_API_DEADLINE_MS;
    (globalThis as typeof globalThis & { [BREAKER_KEY]?: unknown })[BREAKER_KEY] = createBreaker({ cooldownMs: RUN_BREAKER_COOLDOWN_MS });
    sandbox.faults.clear();
    const upstreamOrg = sandbox.organizations[0];
    const suffix = randomBytes(4).toString('hex');
    const created = await createOrganization(db, {
      slug: `faults-${suffix}`,
      name: 'Fault run',
      apiBaseUrl: null,
      clientId: upstreamOrg.clientId,
      clientSecret: upstreamOrg.clientSecret,
    });
    const org = (await getOrganizationById(db, created.id))!;
    const user = await createUser(db, { email: `fault-run-${suffix}@example.com` });
    await ensureMembership(db, org.id, user.id, 'manager');
    const access: OrgAccess = { user: { id: user.id, email: user.email }, org, role: 'manager' };
    const api = await orgVehicleApi(org);
    const asView = <T>(work: () => Promise<T>) => withUpstreamDeadline(deadlineMs, work);

    const vehicles = (await api.listVehicles({ maxPageSize: 100 })).data.results
      .map((v) => v.id)
      .filter((id): id is string => typeof id === 'string')
      .slice(0, options.vehicles);
    if (vehicles.length < options.vehicles) throw new Error(`the sandbox lists only ${vehicles.length} vehicles`);

    // The faults, in the order the sandbox applies them to a request.
    const faultKinds = [
      '5xx 30%',
      '5xx after the request was carried out',
      'malformed JSON',
      'latency spikes',
      '429 bursts with Retry-After',
      'token revocation',
    ];
    sandbox.faults.inject({ kind: 'latency', probability: 0.05, latencyMs: 400 });
    sandbox.faults.inject({ kind: 'server_error', probability: 0.3 });
    sandbox.faults.inject({ kind: 'malformed_json', probability: 0.05, method: 'GET' });
    sandbox.faults.inject({ kind: 'server_error', after: true, probability: 0.1, method: 'POST' });
    sandbox.faults.inject({ kind: 'malformed_json', after: true, probability: 0.05, method: 'POST' });
    const burst = () => sandbox.faults.inject({ kind: 'rate_limit', times: 4, retryAfterSeconds: 1 });
    const revoke = () => sandbox.revokeTokens(upstreamOrg.id);

    // Commands: every intent once, in an interleaved order; a 5xx or a lost answer makes the person press again (same key).
    const intents = vehicles.flatMap((vehicleId) => INTENTS.slice(0, options.commandsPerVehicle).map((input) => ({ vehicleId, input })));
    intents.sort((a, b) => INTENTS.indexOf(a.input) - INTENTS.indexOf(b.input));
    /** The last key of each intent, and every key a press carried. */
    const keys = new Map<string, string>();
    const allKeys = new Set<string>();
    const failuresWithoutReason: string[] = [];
    let presses = 0;
    await inPool(intents, options.concurrency ?? 6, async ({ vehicleId, input }, index) => {
      if (index === Math.floor(intents.length / 3)) revoke();
      if (index === Math.floor((2 * intents.length) / 3)) burst();
      // The panel's own key rules (lib/commands/idempotency.ts): the same key until an answer settles the intent.
      const submitKeys = createSubmitKeys(() => randomBytes(16).toString('hex'));
      const fingerprint = commandFingerprint(vehicleId, input);
      for (let press = 1; press <= 3; press++) {
        presses++;
        const key = submitKeys.keyFor(fingerprint);
        keys.set(intentKey(vehicleId, input.command, input.args), key);
        allKeys.add(key);
        try {
          await asView(() => sendCommand(access, vehicleId, input, key));
          return;
        } catch (error) {
          const shown = await shownError(error);
          submitKeys.settle(key, shown.status, shown.code);
          if (shown.code === 'INTERNAL' || !shown.message) failuresWithoutReason.push(`send ${input.command}: ${shown.code}`);
          if (shown.status < 500) return;
          await sleep(Math.min(1_000, (shown.retryAfterSeconds ?? 0.2) * 1000));
        }
      }
    });
    log(`commands: ${intents.length} intents, ${presses} presses`);

    // Settling: nobody watches; the background jobs' functions run on a clock that moves 5 s a step.
    const apiFor = async (organizationId: string) => (organizationId === org.id ? api : undefined);
    const ownRecords = async () =>
      (await listCommandExecutions(db, { organizationId: org.id, limit: 1000 })).filter((r) => r.origin === 'motorpool');
    let virtualNow = Date.now();
    const settleUntil = Date.now() + (options.settleBudgetMs ?? 60_000);
    for (;;) {
      virtualNow += 5_000;
      sandbox.advanceClock(5_000);
      await settleCommands(db, apiFor, new Date(virtualNow), { interruptedAfterMs: deadlineMs + 30_000 });
      await confirmCommandEffects(db, apiFor, new Date(virtualNow), { delayMs: 3_000 });
      const open = (await ownRecords()).filter((r) => ['pending', 'unknown'].includes(stateOf(r)));
      if (open.length === 0 || Date.now() > settleUntil) break;
      await sleep(20);
    }
    // A few more runs for the vehicles' confirmations (read a moment after EXECUTED).
    for (let i = 0; i < 5; i++) {
      virtualNow += 5_000;
      await confirmCommandEffects(db, apiFor, new Date(virtualNow), { delayMs: 3_000 });
    }

    // Reads: every section of every vehicle, one view at a time, counting the upstream calls each costs.
    const records = await ownRecords();
    const anyExecutionOf = new Map(records.map((r) => [r.vehicleId, r.id]));
    const params = (vehicleId: string) => ({ params: { vehicleId } });
    const sections: [string, (vehicleId: string) => Promise<unknown>][] = [
      ['vehicle', (id) => getVehicle(org, id)],
      ['telemetry', (id) => loadTelemetry(api, { ...params(id), organizationId: org.id })],
      ['journeys', (id) => loadJourneys(api, { ...params(id), query: z.parse(journeysQuerySchema, {}) })],
      ['charging', (id) => loadChargingSessions(api, { ...params(id), query: z.parse(chargingQuerySchema, {}) })],
      ['services', (id) => loadMaintenanceServices(api, params(id))],
      ['alerts', (id) => loadManufacturerAlerts(api, params(id))],
      ['tires', (id) => loadTireHistory(api, { ...params(id), query: z.parse(tireHistoryQuerySchema, {}) })],
      ['options', (id) => loadOptions(api, params(id))],
      ['specifications', (id) => loadSpecifications(api, params(id))],
      ['departure-times', (id) => loadDepartureTimes(api, params(id))],
      ['charging-windows', (id) => loadChargingWindows(api, params(id))],
      ['rate-limits', (id) => loadRateLimits(api, { ...params(id), organizationId: org.id })],
      ['range', (id) => loadRange(api, params(id))],
      ['state-of-health', (id) => loadStateOfHealth(api, params(id))],
      ['listening-history', (id) => loadListeningHistory({ org, role: 'manager' }, id)],
      ['command-history', (id) => listCommandHistory(org, z.parse(commandHistoryQuerySchema, {}), id)],
      ['execution', (id) => getExecution(org, anyExecutionOf.get(id)!)],
    ];
    const views = vehicles.flatMap((vehicleId) => sections.map(([name, load]) => ({ vehicleId, name, load })));
    const callsPerView: number[] = [];
    let worstView = '';
    let viewFailures = 0;
    const viewFailureCodes: Record<string, number> = {};
    /** One BFF request: its own deadline, and the upstream calls it made (token requests included). */
    const request = async (work: () => Promise<unknown>) => {
      let calls = 0;
      try {
        await asView(async () => {
          try {
            return await work();
          } finally {
            calls = upstreamCallsOfRequest() ?? 0;
          }
        });
        return { calls };
      } catch (error) {
        return { calls, error };
      }
    };
    // A browser opens a vehicle's sections a few at a time, and repeats a failed one as its retry policy says.
    await inPool(views, options.concurrency ?? 6, async (view, index) => {
      if (index === Math.floor(views.length / 3)) revoke();
      if (index === Math.floor((2 * views.length) / 3)) burst();
      let calls = 0;
      for (let failureCount = 0; ; failureCount++) {
        const answer = await request(() => view.load(view.vehicleId));
        calls += answer.calls;
        if (!('error' in answer)) break;
        const shown = await shownError(answer.error);
        const asBrowser = new ApiClientError(shown.status, shown);
        if (shouldRetryQuery(failureCount, asBrowser)) {
          await sleep(queryRetryDelayMs(failureCount, asBrowser));
          continue;
        }
        viewFailures++;
        viewFailureCodes[shown.code] = (viewFailureCodes[shown.code] ?? 0) + 1;
        if (shown.code === 'INTERNAL' || !shown.message) failuresWithoutReason.push(`view ${view.name}: ${shown.code}`);
        break;
      }
      if (calls > Math.max(0, ...callsPerView)) worstView = `${view.name} (${calls} calls)`;
      callsPerView.push(calls);
    });
    sandbox.faults.clear();

    // The books: Motorpool's records against what the sandbox created.
    const final = await ownRecords();
    const byKey = new Map(final.map((r) => [r.idempotencyKey, r]));
    const byUpstreamId = new Map(final.filter((r) => r.upstreamExecutionId).map((r) => [r.upstreamExecutionId, r]));
    const stats = sandbox.stats(upstreamOrg.id).commands;
    const ours = new Set(vehicles);
    const createdHere = stats.executions.filter((e) => ours.has(e.vehicleId));
    let lostRecords = [...allKeys].filter((key) => !byKey.has(key)).length;
    lostRecords += createdHere.filter((e) => !byUpstreamId.has(e.id)).length;
    const recordOfIntent = (e: { vehicleId: string; command: string; commandArguments: Record<string, unknown> }) =>
      byKey.get(keys.get(intentKey(e.vehicleId, e.command, e.commandArguments)) ?? '');
    const acceptedShownRejected = createdHere.filter((e) => {
      const record = byUpstreamId.get(e.id) ?? recordOfIntent(e);
      return record !== undefined && stateOf(record) === 'rejected';
    }).length;
    const outcomes: Record<ExecutionState, number> = { pending: 0, executed: 0, failed: 0, rejected: 0, unknown: 0 };
    const confirmations: Record<string, number> = {};
    const reasons: Record<string, number> = {};
    for (const record of final) {
      const state = stateOf(record);
      outcomes[state]++;
      if (state === 'failed' || state === 'rejected') {
        const reason = `${state} ${state === 'failed' ? record.failedReason : record.errorCode}`;
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      }
      if (record.confirmation) confirmations[record.confirmation] = (confirmations[record.confirmation] ?? 0) + 1;
      if (!reasonOf(record, state)) failuresWithoutReason.push(`record ${record.command} ${state}`);
    }
    return {
      commands: intents.length,
      presses,
      views: views.length,
      viewFailures,
      viewFailureCodes,
      crashes,
      lostRecords,
      sentTwice: stats.repeated,
      acceptedShownRejected,
      failuresWithoutReason,
      unsettled: outcomes.pending + outcomes.unknown,
      maxUpstreamCallsPerView: Math.max(0, ...callsPerView),
      medianUpstreamCallsPerView: median(callsPerView),
      worstView,
      outcomes,
      reasons,
      recovered: final.filter((r) => r.localStatus === 'SENT' && r.errorCode !== null && r.errorCode !== 'NO_OUTCOME_IN_TIME').length,
      confirmations,
      faultKinds,
      sandboxCommandsCreated: createdHere.length,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    sandbox.faults.clear();
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }
}

/** A settled record that did not succeed must say why: the manufacturer's reason, or Motorpool's code. */
function reasonOf(record: CommandExecution, state: ExecutionState): boolean {
  if (state === 'executed' || state === 'pending') return true;
  if (state === 'failed') return Boolean(record.failedReason ?? record.errorCode);
  return Boolean(record.errorCode);
}
