import { withOrg } from '@/lib/bff/with-org';
import { stepUpSchema } from '@/lib/profile/schemas';
import { stepUpThisSession } from '@/lib/profile/server/step-up';

/**
 * The proof before dangerous actions (lib/auth/dangerous-actions.ts), for this session in this
 * organization. Support changes nothing, so it never needs one: the route refuses it like every mutation.
 */
export const POST = withOrg(stepUpThisSession, {
  permission: 'vehicles.write',
  body: stepUpSchema,
  audit: {
    action: 'auth.step_up',
    target: () => ({ type: 'session' }),
    details: ({ result }) => ({ method: result.method }),
  },
});
