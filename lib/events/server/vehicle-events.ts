import 'server-only';
import { can } from '@/lib/auth/permissions';
import type { OrgAccess } from '@/lib/bff/org-access';
import { getDb } from '@/lib/db';
import { listWebhookEvents } from '@/lib/db/repos/webhook-events';
import type { VehicleEventView } from '../webhook-events';
import { toWebhookEventView } from './webhook-settings';

/** The last events the Vehicle API pushed about one vehicle; their payloads only for those with `raw.read`. */
export async function listVehicleEvents(access: OrgAccess, vehicleId: string): Promise<{ events: VehicleEventView[] }> {
  const raw = can(access.role, 'raw.read');
  const events = await listWebhookEvents(getDb(), access.org.id, { vehicleId, limit: 20 });
  return {
    events: events.map((e) => ({
      ...toWebhookEventView(e),
      occurredAt: e.occurredAt?.toISOString() ?? null,
      ...(raw ? { payload: e.payload } : {}),
    })),
  };
}
