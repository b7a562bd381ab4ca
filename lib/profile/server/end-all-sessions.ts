import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { bumpSessionVersion } from '@/lib/db/repos/sessions';

/** "Sign out everywhere": every session of the user ends, on every device, this one included. */
export async function endAllSessions(
  input: { user: { id: string; email: string }; ip: string | null },
  db: Db = getDb(),
): Promise<{ ended: true }> {
  await bumpSessionVersion(db, input.user.id);
  await appendAuditEvent(db, {
    actorUserId: input.user.id,
    actorEmail: input.user.email,
    action: 'account.signed_out_everywhere',
    outcome: 'success',
    ip: input.ip,
  });
  return { ended: true };
}
