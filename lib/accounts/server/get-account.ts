import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';

export async function getAccount(org: Org, accountId: string) {
  const response = await (await orgVehicleApi(org)).getAccount(accountId);
  return { account: response.data, requestId: response.requestId };
}
