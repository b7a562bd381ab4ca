import { withOrg } from '@/lib/bff/with-org';
import { updateViewSchema, viewParamsSchema } from '@/lib/views/schemas';
import { deleteView } from '@/lib/views/server/delete-view';
import { updateView } from '@/lib/views/server/update-view';

export const PATCH = withOrg((access) => updateView(access, access.params.viewId, access.body), {
  permission: 'views.write',
  params: viewParamsSchema,
  body: updateViewSchema,
  audit: {
    action: 'views.updated',
    target: ({ params }) => ({ type: 'view', id: params.viewId }),
    details: ({ body }) => ({ ...body }),
  },
});

export const DELETE = withOrg((access) => deleteView(access, access.params.viewId), {
  permission: 'views.write',
  params: viewParamsSchema,
  audit: {
    action: 'views.deleted',
    target: ({ params }) => ({ type: 'view', id: params.viewId }),
    details: ({ result }) => ({ name: result.name }),
  },
});
