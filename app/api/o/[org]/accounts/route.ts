import { withOrg } from '@/lib/bff/with-org';
import { toListPage } from '@/lib/bff/list-page';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { listQuerySchema } from '@/lib/validations/fleet';

export const GET = withOrg(
  async ({ org, query }) => toListPage((await (await orgVehicleApi(org)).listAccounts({ maxPageSize: query.pageSize, pageToken: query.pageToken, filter: query.filter }))),
  { permission: 'accounts.read', query: listQuerySchema },
);
