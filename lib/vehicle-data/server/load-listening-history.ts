import 'server-only';
import { accessCan } from '@/lib/org/credential-actor';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { upstreamMeta } from '@/lib/vehicle-data/server/vehicle-data-route';
import { getDb } from '@/lib/db';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { JOIN_TOLERANCE_MS, joinListeningHistory, type MotorpoolListeningChange } from '@/lib/vehicle-data/listening-history';
import type { ListeningHistoryResponse } from '@/lib/vehicle-data/types';

/** The audit action of a listening change made through Motorpool (see the listening route). */
const LISTENING_ACTION = 'vehicles.listening_set';
const PAGE_SIZE = 50;

/**
 * The vendor's record of listening changes (newest first), each joined with Motorpool's own audit
 * entry when the change was made here, to say by whom. Members' emails only for those who may
 * read the audit.
 */
export async function loadListeningHistory(
  access: Pick<OrgAccess, 'org' | 'role' | 'credential'>,
  vehicleId: string,
): Promise<ListeningHistoryResponse> {
  const { org, role } = access;
  const response = await (await orgVehicleApi(org)).listListeningAudit(vehicleId, { maxPageSize: PAGE_SIZE });
  const entries = response.data.results;
  const times = entries.map((e) => (e.timestamp ? Date.parse(e.timestamp) : NaN)).filter(Number.isFinite);
  let changes: MotorpoolListeningChange[] = [];
  if (times.length > 0) {
    const { events } = await listAuditEvents(getDb(), {
      organizationId: org.id,
      includeMemberSignIns: false,
      action: LISTENING_ACTION,
      targetType: 'vehicle',
      targetId: vehicleId,
      outcome: 'success',
      from: new Date(Math.min(...times) - JOIN_TOLERANCE_MS),
      to: new Date(Math.max(...times) + JOIN_TOLERANCE_MS),
      limit: 1000,
    });
    const mayName = accessCan(access, 'audit.read');
    changes = events
      .filter((e) => e.details?.changed === true && typeof e.details?.isListening === 'boolean')
      .map((e) => ({
        at: e.createdAt.toISOString(),
        isListening: e.details!.isListening as boolean,
        actor: mayName ? e.actorEmail : null,
      }));
  }
  const meta = upstreamMeta(role, response);
  if (!accessCan(access, 'raw.read')) delete meta.raw;
  return { rows: joinListeningHistory(entries, changes), more: Boolean(response.data.nextPageToken), ...meta };
}
