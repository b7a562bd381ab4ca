import { withSession } from '@/lib/bff/with-session';
import { savePreferences } from '@/lib/profile/server/manage-preferences';
import { preferencesSchema } from '@/lib/profile/schemas';

export const PUT = withSession(async ({ body, user }) => ({ preferences: await savePreferences(user.id, body) }), {
  body: preferencesSchema,
  session: 'required',
});
