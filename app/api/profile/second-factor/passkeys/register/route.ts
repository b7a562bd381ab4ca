import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { withSession } from '@/lib/bff/with-session';
import { registerPasskeySchema } from '@/lib/profile/schemas';
import { finishPasskeyEnrolment } from '@/lib/profile/server/manage-passkeys';

export const POST = withSession(
  async ({ body, user, ip }) =>
    finishPasskeyEnrolment({ user, name: body.name, response: body.response as unknown as RegistrationResponseJSON, ip }),
  { body: registerPasskeySchema, session: 'required' },
);
