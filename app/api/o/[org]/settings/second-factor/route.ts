import { secondFactorRequirementStepUp } from '@/lib/auth/dangerous-actions';
import { withOrg } from '@/lib/bff/with-org';
import { secondFactorRequirementSchema } from '@/lib/settings/schemas';
import { updateSecondFactorRequirement } from '@/lib/settings/server/update-second-factor-requirement';

export const PUT = withOrg(({ org, user, body }) => updateSecondFactorRequirement({ org, user }, body), {
  permission: 'settings.write',
  body: secondFactorRequirementSchema,
  stepUp: ({ body }) => secondFactorRequirementStepUp(body),
  audit: {
    action: 'settings.second_factor_requirement_changed',
    target: () => ({ type: 'organization' }),
    details: ({ body }) => ({ required: body.required }),
  },
});
