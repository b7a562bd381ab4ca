import { withSession } from '@/lib/bff/with-session';
import { removePasskeySchema } from '@/lib/profile/schemas';
import { removePasskey } from '@/lib/profile/server/manage-passkeys';

export const POST = withSession(
  async ({ body, user, ip }) => removePasskey({ user, id: body.id, code: body.code, password: body.password, ip }),
  { body: removePasskeySchema, session: 'required' },
);
