import { withOrg } from '@/lib/bff/with-org';
import { createViewSchema } from '@/lib/views/schemas';
import { createView } from '@/lib/views/server/create-view';
import { listViews } from '@/lib/views/server/list-views';

export const GET = withOrg((access) => listViews(access), { permission: 'vehicles.read' });

export const POST = withOrg((access) => createView(access, access.body), {
  permission: 'views.write',
  body: createViewSchema,
  audit: {
    action: 'views.created',
    target: () => ({ type: 'view' }),
    resultTarget: ({ view }) => ({ id: view.id }),
    details: ({ body }) => ({ name: body.name, shared: body.shared, query: body.query }),
  },
});
