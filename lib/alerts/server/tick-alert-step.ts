import 'server-only';
import { getDb } from '@/lib/db';
import { listAlertStepTicks, setAlertStepTick } from '@/lib/db/repos/alert-step-ticks';
import { findPlatformAlertReads } from '@/lib/db/repos/platform-alert-reads';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { toAlertView, type AlertIn, type AlertStepTickView } from '../platform-alerts';
import type { AlertStepTickInput } from '../schemas';

/**
 * Ticks or unticks one resolution step of an alert for the whole team, with who did it and when.
 * The alert and its step must be in the vehicle's last read (Motorpool's cache): no upstream call,
 * and no tick of something the inbox never showed.
 */
export async function tickAlertStep(access: OrgAccess, input: AlertStepTickInput): Promise<{ tick: AlertStepTickView | null }> {
  const db = getDb();
  const [read] = await findPlatformAlertReads(db, access.org.id, [input.vehicleId]);
  const alert = (read?.alerts as AlertIn[] | undefined)?.map((a) => toAlertView(a, input.vehicleId)).find((a) => a.id === input.alertId);
  if (!alert) throw new AppError('NOT_FOUND', 'alertId: no such alert on this vehicle.');
  if (!alert.steps.some((s) => s.key === input.step)) throw new AppError('NOT_FOUND', 'step: this alert has no such resolution step.');
  await setAlertStepTick(db, {
    organizationId: access.org.id,
    vehicleId: input.vehicleId,
    alertId: input.alertId,
    stepKey: input.step,
    done: input.done,
    userId: access.user.id,
    email: access.user.email,
  });
  const tick = (await listAlertStepTicks(db, access.org.id, [input.vehicleId])).find(
    (t) => t.alertId === input.alertId && t.stepKey === input.step,
  );
  return { tick: tick ? { by: tick.by, at: tick.at.toISOString() } : null };
}
