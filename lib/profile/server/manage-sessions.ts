import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { findLiveSession, listLiveSessions, revokeSession } from '@/lib/db/repos/sessions';
import { AppError } from '@/lib/errors/app-error';
import type { SignedInSessionView } from '../sessions';
import { describeDevice } from './describe-device';

type Person = { user: { id: string; email: string }; sessionId: string };

/**
 * "Where you're signed in": the person's own open sessions, this one first (seen now: it is
 * asking), then the others most recently seen first.
 */
export async function listSignedInSessions(
  { user, sessionId }: Person,
  db: Db = getDb(),
  now = new Date(),
): Promise<{ sessions: SignedInSessionView[] }> {
  const sessions = await listLiveSessions(db, user.id, now);
  const views = sessions.map((session) => {
    const thisDevice = session.sid === sessionId;
    return {
      id: session.id,
      ...describeDevice(session.userAgent),
      address: session.ip,
      signedInAt: session.createdAt.toISOString(),
      lastSeenAt: (thisDevice ? now : session.lastSeenAt).toISOString(),
      thisDevice,
    };
  });
  return { sessions: [...views.filter((v) => v.thisDevice), ...views.filter((v) => !v.thisDevice)] };
}

/**
 * Ends one of the person's sessions at once: its id is revoked the way sign-out revokes (every
 * instance refuses it from its next request) and it leaves the list. Another person's session
 * answers exactly like one that does not exist. Ending this device's also needs the browser to
 * drop its cookie (the page then signs out).
 */
export async function endSignedInSession(
  input: Person & { id: string; ip: string | null },
  db: Db = getDb(),
  now = new Date(),
): Promise<{ ended: true; thisDevice: boolean }> {
  const session = await findLiveSession(db, input.user.id, input.id, now);
  if (!session) throw new AppError('NOT_FOUND', 'No such session: it may have ended already.');
  await revokeSession(db, { sid: session.sid, userId: input.user.id, expiresAt: session.expiresAt }, now);
  const thisDevice = session.sid === input.sessionId;
  await appendAuditEvent(db, {
    actorUserId: input.user.id,
    actorEmail: input.user.email,
    action: 'account.session_ended',
    targetType: 'session',
    targetId: session.id,
    outcome: 'success',
    details: { device: describeDevice(session.userAgent).device, address: session.ip, thisDevice },
    ip: input.ip,
  });
  return { ended: true, thisDevice };
}
