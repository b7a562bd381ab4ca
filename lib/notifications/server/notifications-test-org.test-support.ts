import type { Db } from '@/lib/db';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { insertRule, listRules, updateRule } from '@/lib/db/repos/notifications/rules';
import { createOrganization } from '@/lib/db/repos/organizations';
import { upsertRoster } from '@/lib/db/repos/vehicle-snapshots/roster';
import { createUser } from '@/lib/db/repos/users';
import type { NotificationRule } from '@/lib/db/schema';

export const HOUR_MS = 3_600_000;

/** An organization with an admin and a manager, its default rules off, and one "no data for 6 hours" rule to the managers. */
export async function orgWithSilenceRule(db: Db, slug: string, channels: NotificationRule['channels'] = ['console']) {
  const org = await createOrganization(db, { slug, name: `Fleet ${slug}`, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  const admin = await createUser(db, { email: `admin@${slug}.test`, name: 'Ada Admin' });
  const manager = await createUser(db, { email: `manager@${slug}.test`, name: 'Max Manager' });
  await ensureMembership(db, org.id, admin.id, 'admin');
  await ensureMembership(db, org.id, manager.id, 'manager');
  for (const rule of await listRules(db, org.id)) await updateRule(db, org.id, rule.id, { enabled: false });
  const rule = await insertRule(db, org.id, {
    name: 'Silent vehicles',
    kind: 'no_data',
    params: { hours: 6 },
    channels,
    recipients: { roles: ['manager'], userIds: [], sender: false },
    enabled: true,
  });
  /** The vehicle list says the vehicle was last seen at `lastSeenAt`. */
  const seen = (vehicleId: string, lastSeenAt: Date) =>
    upsertRoster(
      db,
      org.id,
      [
        {
          vehicleId,
          vin: null,
          make: null,
          model: null,
          registrationPlate: null,
          isListening: true,
          connectionStatus: 'CONNECTED',
          lastSeenAt,
        },
      ],
      lastSeenAt,
    );
  return { org, admin, manager, rule, seen };
}
