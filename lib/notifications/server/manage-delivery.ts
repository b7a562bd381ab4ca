import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { getDeliveryPreferences, saveDeliveryPreferences } from '@/lib/db/repos/notifications/delivery';
import type { DeliveryPreferences } from '../delivery-timing';
import { DEFAULT_DELIVERY } from '../delivery-timing';
import type { DeliveryPreferencesInput } from '../schemas';

/** A member's delivery choices; `saved: false` until the first save (the form then proposes the browser's zone). */
export type DeliveryView = { preferences: DeliveryPreferences | null; saved: boolean };

const view = (row: DeliveryPreferences | undefined): DeliveryView =>
  row
    ? {
        saved: true,
        preferences: {
          timeZone: row.timeZone,
          quietStart: row.quietStart,
          quietEnd: row.quietEnd,
          urgentDuringQuiet: row.urgentDuringQuiet,
          digest: row.digest,
          digestHour: row.digestHour,
        },
      }
    : { saved: false, preferences: null };

export async function getDeliveryView(userId: string, db: Db = getDb()): Promise<DeliveryView> {
  return view(await getDeliveryPreferences(db, userId));
}

export async function saveDeliveryView(userId: string, input: DeliveryPreferencesInput, db: Db = getDb()): Promise<DeliveryView> {
  return view(await saveDeliveryPreferences(db, userId, { ...DEFAULT_DELIVERY, ...input }));
}
