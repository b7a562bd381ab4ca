import 'server-only';
import { getDb } from '@/lib/db';
import { getOrganizationById } from '@/lib/db/repos/organizations';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import type { ConnectReturn } from '@/lib/connect/return-schemas';
import type { ReturnView } from '@/lib/connect/return-view';
import { resolveConnectReturn } from './resolve-connect-return';
import { returnState } from './return-state';

/** The owner's return from consent (lib/connect/server/resolve-connect-return.ts), on the process's database and clients. */
export function settleConnectReturn(query: ConnectReturn, visitor: { userId: string | null; ip: string | null }): Promise<ReturnView> {
  const db = getDb();
  return resolveConnectReturn(
    {
      db,
      ...visitor,
      verifyState: returnState().verify,
      apiFor: async (organizationId) => {
        const organization = await getOrganizationById(db, organizationId);
        if (!organization) throw new Error('The organization of the link is gone');
        return orgVehicleApi(organization);
      },
    },
    query,
  );
}
