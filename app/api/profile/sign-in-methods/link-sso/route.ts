import { z } from 'zod';
import { withSession } from '@/lib/bff/with-session';
import { startSsoLink } from '@/lib/profile/server/manage-sign-in-methods';

/** Signed in: marks this browser as linking single sign-on to the person, for the next identity provider round trip. */
export const POST = withSession(async ({ user, ip }) => startSsoLink({ user, ip }), { body: z.object({}), session: 'required' });
