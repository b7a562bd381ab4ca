import { withSession } from '@/lib/bff/with-session';
import { getDeliveryView, saveDeliveryView } from '@/lib/notifications/server/manage-delivery';
import { deliveryPreferencesSchema } from '@/lib/notifications/schemas';

/** The member's notification e-mail timing: time zone, quiet hours, digest (the same in every organization). */
export const GET = withSession(async ({ user }) => getDeliveryView(user.id), { session: 'required' });

export const PUT = withSession(async ({ body, user }) => saveDeliveryView(user.id, body), {
  body: deliveryPreferencesSchema,
  session: 'required',
});
