import { withOrg } from '@/lib/bff/with-org';
import { changeRole, removeMember } from '@/lib/members/server/manage-members';
import { memberParamsSchema } from '@/lib/validations/route-params';
import { changeRoleSchema } from '@/lib/settings/schemas';

export const PATCH = withOrg(({ org, params, body }) => changeRole(org, params.userId, body.role), {
  permission: 'members.write',
  params: memberParamsSchema,
  body: changeRoleSchema,
  stepUp: 'members.role',
  audit: {
    action: 'members.role_changed',
    target: ({ params }) => ({ type: 'user', id: params.userId }),
    details: ({ body }) => ({ role: body.role }),
  },
});

export const DELETE = withOrg(({ org, params }) => removeMember(org, params.userId), {
  permission: 'members.write',
  params: memberParamsSchema,
  stepUp: 'members.remove',
  audit: { action: 'members.removed', target: ({ params }) => ({ type: 'user', id: params.userId }) },
});
