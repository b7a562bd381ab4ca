import { withSession } from '@/lib/bff/with-session';
import { passkeySignInOptionsSchema } from '@/lib/profile/schemas';
import { startPasskeySignIn } from '@/lib/profile/server/manage-passkeys';

/** Before a session exists: a fresh challenge for the passkey step of sign-in (the password is checked again with it), limited per client address. */
export const POST = withSession(async ({ ip }) => startPasskeySignIn({ ip }), { body: passkeySignInOptionsSchema, session: 'optional' });
