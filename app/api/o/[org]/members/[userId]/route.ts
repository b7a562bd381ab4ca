import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { changeMemberRole, removeMember } from '@/lib/db/repos/memberships';
import { memberParamsSchema } from '@/lib/validations/route-params';
import { changeRoleSchema } from '@/lib/validations/settings';

const params = memberParamsSchema;

export const PATCH = withOrg(
  async ({ org, params: { userId }, body }) => {
    await changeMemberRole(getDb(), org.id, userId, body.role);
    return { ok: true };
  },
  {
    permission: 'members.write',
    params,
    body: changeRoleSchema,
    audit: {
      action: 'members.role_changed',
      target: ({ params }) => ({ type: 'user', id: (params as { userId: string }).userId }),
      details: ({ body }) => ({ role: (body as { role: string }).role }),
    },
  },
);

export const DELETE = withOrg(
  async ({ org, params: { userId } }) => {
    await removeMember(getDb(), org.id, userId);
    return { ok: true };
  },
  {
    permission: 'members.write',
    params,
    audit: { action: 'members.removed', target: ({ params }) => ({ type: 'user', id: (params as { userId: string }).userId }) },
  },
);
