import 'server-only';
import packageJson from '@/package.json';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb, type Db } from '@/lib/db';
import { getCommandExecution, listCommandExecutions } from '@/lib/db/repos/command-executions';
import { listExecutionWebhookEvents } from '@/lib/db/repos/webhook-events';
import { listVehicleUpstreamErrors } from '@/lib/db/repos/vehicle-upstream-errors';
import { outcomeOf } from '@/lib/commands/execution-view';
import type { CommandExecution } from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import {
  REDACTION_NOTE,
  SUPPORT_BUNDLE_KIND,
  redactArguments,
  redactSecrets,
  summarizeCommandEvent,
  summarizeTelemetry,
  type BundleCommand,
  type BundleVehicle,
  type FreshSection,
  type SupportBundle,
} from '../support-bundle';

const COMMANDS_IN_BUNDLE = 20;

/** One upstream read per section: its data, or its error code and request id (never its message). */
async function fresh<T, R>(read: () => Promise<{ data: T; requestId?: string }>, shape: (data: T) => R): Promise<FreshSection<R>> {
  try {
    const response = await read();
    return { ok: true, requestId: response.requestId ?? null, data: shape(response.data) };
  } catch (error) {
    if (!isVehicleApiError(error)) throw error;
    return { ok: false, requestId: error.requestId ?? null, error: { code: String(error.code), status: error.status || null } };
  }
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function bundleCommand(row: CommandExecution): BundleCommand {
  return {
    id: row.id,
    command: row.command,
    arguments: redactArguments(row.arguments),
    origin: row.origin,
    localStatus: row.localStatus,
    ...outcomeOf(row),
    requestedAt: row.requestedAt.toISOString(),
    executedAt: iso(row.executedAt) ?? row.executedAtRaw,
    settledAt: iso(row.settledAt),
  };
}

type RawVehicle = Awaited<ReturnType<VehicleApi['getVehicle']>>['data'];

function bundleVehicle(v: RawVehicle): BundleVehicle {
  return {
    id: v.id,
    vin: v.vin ?? null,
    make: v.make ?? null,
    model: v.model ?? null,
    modelYear: v.modelYear ?? null,
    connectionStatus: v.connectionStatus ?? null,
    connectionErrorCode: v.connectionErrorCode ?? null,
    isListening: v.isListening ?? null,
    listeningLastUpdated: v.listeningLastUpdated ?? null,
    lastSeenAt: v.metadata?.lastSeenAt ?? null,
    consentId: v.metadata?.consentId ?? null,
  };
}

/**
 * The support bundle of one vehicle: Motorpool's records (last commands, last upstream errors)
 * and one fresh upstream read each for the vehicle, its telemetry and its rate limits, read in
 * parallel. Redacted before it leaves (see support-bundle.ts).
 */
export async function assembleSupportBundle(
  db: Db,
  api: VehicleApi,
  org: Pick<Org, 'id' | 'slug'>,
  vehicleId: string,
  options: { executionId?: string } = {},
): Promise<SupportBundle> {
  let accountId: string | null = null;
  const [vehicle, telemetry, rateLimits, commands, errors] = await Promise.all([
    fresh(
      () => api.getVehicle(vehicleId),
      (data) => {
        accountId = data.metadata?.accountId ?? null;
        return bundleVehicle(data);
      },
    ),
    fresh(
      () => api.getTelemetry(vehicleId),
      (data) => summarizeTelemetry(data),
    ),
    fresh(
      () => api.getRateLimits(vehicleId),
      (data) => [...data] as unknown[],
    ),
    listCommandExecutions(db, { organizationId: org.id, vehicleId, limit: COMMANDS_IN_BUNDLE }),
    listVehicleUpstreamErrors(db, org.id, vehicleId),
  ]);
  const bundle: SupportBundle = {
    kind: SUPPORT_BUNDLE_KIND,
    formatVersion: 1,
    generatedAt: new Date().toISOString(),
    console: { version: packageJson.version },
    organization: { id: org.id, slug: org.slug },
    vehicleId,
    accountId,
    vehicle,
    telemetry,
    rateLimits,
    commands: commands.map(bundleCommand),
    upstreamErrors: errors.map((e) => ({
      code: e.code,
      status: e.status,
      endpoint: e.endpoint,
      requestId: e.upstreamRequestId,
      occurredAt: e.occurredAt.toISOString(),
    })),
    redacted: REDACTION_NOTE,
  };
  if (options.executionId) {
    const execution = await getCommandExecution(db, org.id, options.executionId);
    if (execution) bundle.execution = bundleCommand(execution);
    if (execution?.upstreamExecutionId) {
      const events = await listExecutionWebhookEvents(db, org.id, {
        vehicleId: execution.vehicleId,
        upstreamExecutionId: execution.upstreamExecutionId,
      });
      bundle.executionEvents = events.map((e) => ({
        webhookId: e.webhookId,
        type: e.type,
        receivedAt: e.receivedAt.toISOString(),
        occurredAt: iso(e.occurredAt),
        outcome: e.outcome,
        detail: e.detail,
        payload: summarizeCommandEvent(e.payload),
      }));
    }
  }
  return redactSecrets(bundle);
}

export async function buildSupportBundle(org: Org, vehicleId: string): Promise<SupportBundle> {
  return assembleSupportBundle(getDb(), await orgVehicleApi(org), org, vehicleId);
}

/** The bundle of the vehicle a command execution went to, with that execution named. */
export async function buildExecutionSupportBundle(org: Org, executionId: string): Promise<SupportBundle> {
  const db = getDb();
  const execution = await getCommandExecution(db, org.id, executionId);
  if (!execution) throw new AppError('NOT_FOUND', 'No such command execution.');
  return assembleSupportBundle(db, await orgVehicleApi(org), org, execution.vehicleId, { executionId });
}
