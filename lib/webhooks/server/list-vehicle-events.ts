import 'server-only';
import { accessCan } from '@/lib/org/credential-actor';
import type { OrgAccess } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { getCommandExecution } from '@/lib/db/repos/command-executions';
import { listExecutionWebhookEvents, listWebhookEvents } from '@/lib/db/repos/webhook-events';
import type { WebhookEvent } from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import type { VehicleEventView } from '../webhook-events';
import { toWebhookEventView } from './manage-webhook-settings';

function eventView(e: WebhookEvent, raw: boolean): VehicleEventView {
  return {
    ...toWebhookEventView(e),
    occurredAt: e.occurredAt?.toISOString() ?? null,
    ...(raw ? { payload: e.payload } : {}),
  };
}

/** The last events the Vehicle API pushed about one vehicle; their payloads only for those with `raw.read`. */
export async function listVehicleEvents(access: OrgAccess, vehicleId: string): Promise<{ events: VehicleEventView[] }> {
  const raw = accessCan(access, 'raw.read');
  const events = await listWebhookEvents(getDb(), access.org.id, { vehicleId, limit: 20 });
  return { events: events.map((e) => eventView(e, raw)) };
}

/** The `command.updated` events received about one command execution (none before the upstream named it); payloads for `raw.read`. */
export async function listExecutionEvents(access: OrgAccess, executionId: string): Promise<{ events: VehicleEventView[] }> {
  const db = getDb();
  const execution = await getCommandExecution(db, access.org.id, executionId);
  if (!execution) throw new AppError('NOT_FOUND', 'No such command execution.');
  if (!execution.upstreamExecutionId) return { events: [] };
  const raw = accessCan(access, 'raw.read');
  const events = await listExecutionWebhookEvents(db, access.org.id, {
    vehicleId: execution.vehicleId,
    upstreamExecutionId: execution.upstreamExecutionId,
  });
  return { events: events.map((e) => eventView(e, raw)) };
}
