import { withSession } from '@/lib/bff/with-session';
import { getDb } from '@/lib/db';
import { savePreferences } from '@/lib/account/server/user-preferences';
import { preferencesSchema } from '@/lib/validations/preferences';

export const PUT = withSession(async ({ body, user }) => ({ preferences: await savePreferences(getDb(), user.id, body) }), {
  body: preferencesSchema,
  session: 'required',
});
