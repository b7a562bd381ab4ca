import { withOrg } from '@/lib/bff/with-org';
import { toListPage } from '@/lib/server/fleet-pages';
import { orgVehicleApi } from '@/lib/server/org-vehicle-api';
import { listQuerySchema } from '@/lib/validations/fleet';

export const GET = withOrg(
  async ({ org, query }) => toListPage((await (await orgVehicleApi(org)).listAccounts({ maxPageSize: query.pageSize, pageToken: query.pageToken, filter: query.filter }))),
  { permission: 'accounts.read', query: listQuerySchema },
);
