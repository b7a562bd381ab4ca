import { withSession } from '@/lib/bff/with-session';
import { listSignedInSessions } from '@/lib/profile/server/manage-sessions';

/** "Where you're signed in": the person's own open sessions. */
export const GET = withSession(async ({ user, sessionId }) => listSignedInSessions({ user, sessionId }), { session: 'required' });
