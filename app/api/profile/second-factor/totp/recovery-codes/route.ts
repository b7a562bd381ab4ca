import { withSession } from '@/lib/bff/with-session';
import { removeTotpSchema } from '@/lib/profile/schemas';
import { regenerateRecoveryCodes } from '@/lib/profile/server/regenerate-recovery-codes';

/** New recovery codes (the earlier ones stop working), after the same proof as turning the app off; shown once. */
export const POST = withSession(
  async ({ body, user, ip }) => regenerateRecoveryCodes({ user, code: body.code, password: body.password, ip }),
  { body: removeTotpSchema, session: 'required' },
);
