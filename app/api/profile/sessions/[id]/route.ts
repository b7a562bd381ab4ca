import { withSession } from '@/lib/bff/with-session';
import { endSignedInSession } from '@/lib/profile/server/manage-sessions';
import { sessionParamsSchema } from '@/lib/profile/schemas';

/** Ends one of the person's own sessions at once (another person's answers 404, as an unknown one). */
export const DELETE = withSession(async ({ user, sessionId, params, ip }) => endSignedInSession({ user, sessionId, id: params.id, ip }), {
  params: sessionParamsSchema,
  session: 'required',
});
