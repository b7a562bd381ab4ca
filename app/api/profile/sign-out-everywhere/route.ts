import { z } from 'zod';
import { withSession } from '@/lib/bff/with-session';
import { endAllSessions } from '@/lib/profile/server/end-all-sessions';

export const POST = withSession(async ({ user, ip }) => endAllSessions({ user, ip }), { body: z.object({}), session: 'required' });
