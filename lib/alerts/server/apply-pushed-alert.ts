import 'server-only';
import type { Db } from '@/lib/db';
import { foldPushedAlert } from '@/lib/db/repos/platform-alert-reads';
import { recordPushedAlert } from '@/lib/db/repos/vehicle-snapshots';
import type { PushedAlert } from '@/lib/db/schema';

/**
 * A pushed alert change: its state on the vehicle's snapshot (forward only per alert; an active,
 * unmuted one marks the vehicle), and folded into the vehicle's last alerts read for the inboxes
 * (`inbox`: the alert in the read's shape, when it parses as one). False when neither holds the vehicle.
 */
export async function applyPushedAlert(
  db: Db,
  organizationId: string,
  alert: { id: string; vehicleId: string; state: PushedAlert; inbox?: Record<string, unknown> },
): Promise<boolean> {
  const known = await recordPushedAlert(db, organizationId, alert.vehicleId, alert.id, alert.state);
  const folded =
    alert.inbox !== undefined &&
    (await foldPushedAlert(db, organizationId, alert.vehicleId, {
      ...alert.inbox,
      id: alert.id,
      // Without its own time, the alert changed when the event says it did (forward only needs one).
      updatedAt: (alert.inbox.updatedAt as string | null | undefined) ?? alert.state.at,
    }));
  return known || folded;
}
