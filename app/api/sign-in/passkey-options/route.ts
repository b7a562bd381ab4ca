import { withSession } from '@/lib/bff/with-session';
import { passkeySignInOptionsSchema } from '@/lib/profile/schemas';
import { startPasskeySignIn } from '@/lib/profile/server/manage-passkeys';

/** Before a session exists: a fresh challenge for the passkey step of sign-in (the password is checked again with it). */
export const POST = withSession(async () => startPasskeySignIn(), { body: passkeySignInOptionsSchema, session: 'optional' });
