import { withSession } from '@/lib/bff/with-session';
import { regenerateRecoveryCodesSchema } from '@/lib/profile/schemas';
import { regenerateRecoveryCodes } from '@/lib/profile/server/regenerate-recovery-codes';

/** New recovery codes (the earlier ones stop working), after a current code, a recovery code or the password; shown once. */
export const POST = withSession(
  async ({ body, user, ip }) => regenerateRecoveryCodes({ user, code: body.code, password: body.password, ip }),
  { body: regenerateRecoveryCodesSchema, session: 'required' },
);
