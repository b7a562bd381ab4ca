import { withOrg } from '@/lib/bff/with-org';
import { alertStepTickSchema } from '@/lib/alerts/schemas';
import { tickAlertStep } from '@/lib/alerts/server/tick-alert-step';

/** Ticks or unticks a resolution step of a platform alert for the team (managers and admins; support reads them). */
export const POST = withOrg(({ body, ...access }) => tickAlertStep(access, body), {
  permission: 'vehicles.write',
  body: alertStepTickSchema,
  audit: {
    action: 'alert.step_ticked',
    target: ({ body }) => ({ type: 'vehicle', id: body.vehicleId }),
    details: ({ body }) => ({ alertId: body.alertId, step: body.step, done: body.done }),
  },
});
