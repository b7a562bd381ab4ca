import 'server-only';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';

export async function getAccount(org: Org, accountId: string) {
  const response = await (await orgVehicleApi(org)).getAccount(accountId);
  return { account: response.data, requestId: response.requestId };
}
