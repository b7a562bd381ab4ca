import 'server-only';
import { accessCan } from '@/lib/org/credential-actor';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb } from '@/lib/db';
import { searchSnapshotVehicles } from '@/lib/db/repos/vehicle-snapshots';
import { SEARCH_LIMIT, type ConsoleSearchResult } from '../console-search';
import { logger } from '@/lib/ops/log';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * ⌘K's search, within what the member may read: vehicles by id, VIN or plate from the fleet
 * snapshot (no upstream call per keystroke), accounts by id or name with one filtered upstream
 * list call. Bounded to a few of each.
 */
export async function searchConsole(access: OrgAccess, q: string): Promise<ConsoleSearchResult> {
  const text = q.trim();
  const [vehicles, accounts] = await Promise.all([
    accessCan(access, 'vehicles.read') ? searchSnapshotVehicles(getDb(), access.org.id, text, SEARCH_LIMIT) : [],
    accessCan(access, 'accounts.read') ? searchAccounts(access, text) : { accounts: [] },
  ]);
  return {
    vehicles: vehicles.map((v) => ({ id: v.vehicleId, vin: v.vin, make: v.make, model: v.model, registrationPlate: v.registrationPlate })),
    ...accounts,
  };
}

async function searchAccounts(access: OrgAccess, text: string): Promise<Pick<ConsoleSearchResult, 'accounts' | 'accountsError'>> {
  try {
    const api = await orgVehicleApi(access.org);
    const page = await api.listAccounts({
      maxPageSize: SEARCH_LIMIT,
      filter: {
        or: [
          { field: 'id', operator: '==', value: text },
          { field: 'username', operator: 'ilike', value: `%${escapeLike(text)}%` },
        ],
      },
    });
    return { accounts: page.data.results.slice(0, SEARCH_LIMIT).map((a) => ({ id: a.id, username: a.username ?? null })) };
  } catch (error) {
    logger().warn({ event: 'search.accounts_failed', err: error }, 'console search: accounts not searched');
    return { accounts: [], accountsError: 'Accounts could not be searched just now.' };
  }
}
