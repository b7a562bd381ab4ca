import 'server-only';
import type { Org, OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb, type Db } from '@/lib/db';
import {
  findRetryOf,
  getBulkConnectionRecord,
  listBulkConnectionsOfCheck,
  recordBulkConnection,
  updateBulkConnection,
} from '@/lib/db/repos/bulk-connections';
import { claimCheckSending, releaseCheckSending } from '@/lib/db/repos/eligibility-checks';
import type { BulkConnection, EligibilityCheck } from '@/lib/db/schema';
import {
  BULK_CONNECT_NOT_ENABLED,
  countOutcomes,
  eligibleVins,
  inBatches,
  retryVins,
  toBulkConnectItem,
  type BulkConnectItem,
  type BulkConnectionView,
  type BulkOutcome,
  type ConnectVin,
} from '@/lib/eligibility/bulk-connect';
import { AppError } from '@/lib/errors/app-error';
import { isVehicleApiError, paginateNumbered, type VehicleApi } from '@/lib/vehicle-api';
import { getCheckOrThrow } from './get-check-or-throw';
import { isSettled } from './refresh-check';

type Api = Pick<VehicleApi, 'connectVins' | 'getBulkConnection' | 'getBulkConnectionResults' | 'getEligibilityResults'>;

/** However many pollers, a request's status is asked of the upstream at most once a second. */
const MIN_REFRESH_MS = 1_000;

export function toBulkConnectionView(row: BulkConnection): BulkConnectionView {
  const results = (row.results as BulkOutcome[] | null) ?? null;
  return {
    id: row.id,
    upstreamId: row.upstreamId,
    eligibilityCheckId: row.eligibilityCheckId,
    retryOf: row.retryOf,
    vinCount: row.vinCount,
    status: row.status,
    counts: row.counts,
    results,
    retryable: results ? retryVins(results).length : 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Sends the VINs in requests of at most 100 (`{"vehicles": [...]}`) and records each. A VIN
 * without a make the service lists is left out and counted: the service requires one and would
 * refuse its whole request. A refusal (`NOT_PERMITTED`) means the vendor has not enabled bulk
 * connection for the organization: explained, never retried; requests already sent stay recorded.
 */
async function sendInBatches(
  db: Db,
  api: Api,
  vins: readonly ConnectVin[],
  record: { organizationId: string; createdBy: string; eligibilityCheckId: string | null; retryOf?: string | null },
): Promise<{ rows: BulkConnection[]; requestId: string | undefined; withoutMake: number }> {
  const items = vins.map(toBulkConnectItem).filter((item): item is BulkConnectItem => item !== null);
  const withoutMake = vins.length - items.length;
  if (items.length === 0)
    throw new AppError('CONFLICT', 'The service needs the make of each vehicle to connect it, and none of these VINs has one it lists.');
  const rows: BulkConnection[] = [];
  let requestId: string | undefined;
  for (const batch of inBatches(items)) {
    let response;
    try {
      response = await api.connectVins(batch);
    } catch (error) {
      if (isVehicleApiError(error) && error.code === 'NOT_PERMITTED') {
        throw new AppError(
          BULK_CONNECT_NOT_ENABLED,
          rows.length
            ? `The service stopped accepting bulk connections after ${rows.length} requests: it is not enabled for your organization.`
            : 'Bulk VIN connection is not enabled for your organization. Ask the Vehicle API vendor to enable it; until then, connect vehicles one at a time from Connect.',
          { upstreamRequestId: error.requestId },
        );
      }
      throw error;
    }
    requestId ??= response.requestId;
    rows.push(
      await recordBulkConnection(db, {
        ...record,
        upstreamId: response.data.id,
        vinCount: batch.length,
        status: response.data.status ?? 'CREATED',
      }),
    );
  }
  return { rows, requestId, withoutMake };
}

async function readAll<T>(pages: AsyncGenerator<{ data: { results: readonly T[] } }>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page.data.results);
  return all;
}

/** Longer than any send of a check's VINs takes; a claim this old was left by an instance that died mid-send. */
const SEND_LEASE_MS = 5 * 60_000;

/** Runs one send of a check's VINs while holding its claim in the database: a press meanwhile, on any instance, is a conflict. */
async function whileSending<T>(db: Db, organizationId: string, checkId: string, send: () => Promise<T>): Promise<T> {
  const claimedAt = new Date();
  if (!(await claimCheckSending(db, organizationId, checkId, claimedAt, SEND_LEASE_MS)))
    throw new AppError('CONFLICT', "This check's vehicles are being sent for connection now.");
  try {
    return await send();
  } finally {
    await releaseCheckSending(db, organizationId, checkId, claimedAt);
  }
}

/**
 * Connects every eligible VIN of a completed check, once: a second press answers a conflict, both
 * while the first is being sent (on any instance) and once it is recorded.
 */
export async function connectEligibleVins(
  db: Db,
  api: Api,
  input: { organizationId: string; userId: string; check: EligibilityCheck },
): Promise<{ connections: BulkConnectionView[]; unmatched: number; withoutMake: number; requestId: string | undefined }> {
  return whileSending(db, input.organizationId, input.check.id, () => sendEligibleVins(db, api, input));
}

async function sendEligibleVins(
  db: Db,
  api: Api,
  input: { organizationId: string; userId: string; check: EligibilityCheck },
): Promise<{ connections: BulkConnectionView[]; unmatched: number; withoutMake: number; requestId: string | undefined }> {
  const { check } = input;
  if (check.status !== 'COMPLETED')
    throw new AppError('CONFLICT', 'The check has not finished yet: connect its eligible vehicles once it has.');
  if (!check.vins)
    throw new AppError(
      'CONFLICT',
      'This check was sent before Motorpool kept the country of each VIN, which a connection needs. Run the check again to connect its eligible vehicles.',
    );
  const earlier = (await listBulkConnectionsOfCheck(db, input.organizationId, check.id)).filter((c) => !c.retryOf);
  if (earlier.length > 0) throw new AppError('CONFLICT', "This check's eligible vehicles were already sent for connection.");
  const results = await readAll(paginateNumbered((p) => api.getEligibilityResults(check.upstreamId, p)));
  const { vins, unmatched } = eligibleVins(results, check.vins);
  if (vins.length === 0) throw new AppError('CONFLICT', 'No eligible VIN to connect in this check.');
  const { rows, requestId, withoutMake } = await sendInBatches(db, api, vins, {
    organizationId: input.organizationId,
    createdBy: input.userId,
    eligibilityCheckId: check.id,
  });
  return { connections: rows.map(toBulkConnectionView), unmatched, withoutMake, requestId };
}

/** Brings a kept request up to date; once settled, its per-VIN outcomes are stored and never read again. */
export async function refreshBulkConnection(db: Db, api: Api, row: BulkConnection, now = Date.now()): Promise<BulkConnection> {
  if (isSettled(row.status) || now - row.updatedAt.getTime() < MIN_REFRESH_MS) return row;
  const status = (await api.getBulkConnection(row.upstreamId)).data.status ?? row.status;
  if (!isSettled(status)) return (await updateBulkConnection(db, row.organizationId, row.id, { status })) ?? row;
  const results = await readAll(paginateNumbered((p) => api.getBulkConnectionResults(row.upstreamId, p)));
  return (await updateBulkConnection(db, row.organizationId, row.id, { status, counts: countOutcomes(results), results })) ?? row;
}

/** Sends the `canRetry` rows of a settled request as a new one, once. */
export async function retryBulkConnectionRows(
  db: Db,
  api: Api,
  input: { organizationId: string; userId: string; connectionId: string; eligibilityCheckId: string },
): Promise<{ connections: BulkConnectionView[]; requestId: string | undefined }> {
  const found = await getBulkConnectionRecord(db, input.organizationId, input.connectionId);
  if (!found || found.eligibilityCheckId !== input.eligibilityCheckId) throw new AppError('NOT_FOUND', 'No such bulk connection.');
  return whileSending(db, input.organizationId, input.eligibilityCheckId, () => resendRetryRows(db, api, input, found));
}

async function resendRetryRows(
  db: Db,
  api: Api,
  input: { organizationId: string; userId: string },
  found: BulkConnection,
): Promise<{ connections: BulkConnectionView[]; requestId: string | undefined }> {
  const row = await refreshBulkConnection(db, api, found);
  if (!isSettled(row.status)) throw new AppError('CONFLICT', 'The request is still running: retry its rows once it has finished.');
  if (await findRetryOf(db, input.organizationId, row.id)) throw new AppError('CONFLICT', "This request's rows were already retried.");
  const vins = retryVins((row.results as BulkOutcome[] | null) ?? []);
  if (vins.length === 0) throw new AppError('CONFLICT', 'The service marked no row of this request as one to retry.');
  const { rows, requestId } = await sendInBatches(db, api, vins, {
    organizationId: input.organizationId,
    createdBy: input.userId,
    eligibilityCheckId: row.eligibilityCheckId,
    retryOf: row.id,
  });
  return { connections: rows.map(toBulkConnectionView), requestId };
}

/** The requests sent from one check, oldest first, open ones refreshed. */
export async function listCheckConnections(db: Db, api: Api, organizationId: string, check: EligibilityCheck, now = Date.now()) {
  const rows = await listBulkConnectionsOfCheck(db, organizationId, check.id);
  const fresh = await Promise.all(rows.map((row) => refreshBulkConnection(db, api, row, now)));
  return { connections: fresh.map(toBulkConnectionView), vinsKept: check.vins !== null };
}

/* Route verbs. */

export async function listConnectionsOfCheck(org: Org, checkId: string) {
  const db = getDb();
  return listCheckConnections(db, await orgVehicleApi(org), org.id, await getCheckOrThrow(db, org.id, checkId));
}

export async function connectEligibleOfCheck({ org, user }: OrgAccess, checkId: string) {
  const db = getDb();
  const check = await getCheckOrThrow(db, org.id, checkId);
  return connectEligibleVins(db, await orgVehicleApi(org), { organizationId: org.id, userId: user.id, check });
}

export async function retryConnectionOfCheck({ org, user }: OrgAccess, checkId: string, connectionId: string) {
  const db = getDb();
  await getCheckOrThrow(db, org.id, checkId);
  return retryBulkConnectionRows(db, await orgVehicleApi(org), {
    organizationId: org.id,
    userId: user.id,
    connectionId,
    eligibilityCheckId: checkId,
  });
}
