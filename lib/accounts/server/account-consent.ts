import 'server-only';
import { getDb } from '@/lib/db';
import { connectingLinkOf, consentRefusalsOf, rememberedAccounts } from '@/lib/db/repos/account-consent';
import { memberEmails } from '@/lib/members/server/member-emails';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import { toLinkView } from '@/lib/connect/server/link-view';
import { missingScopesOf, type AccountConsentView, type ConnectionHealth } from '@/lib/connect/account-consent';
import type { AccountConsentQuery } from '@/lib/accounts/schemas';

type VehicleLike = {
  id: string;
  make?: string | null;
  vin?: string | null;
  connectionStatus?: string | null;
  connectionErrorCode?: string | null;
};

const gone = (error: unknown) => isVehicleApiError(error) && error.code === 'RESOURCE_NOT_FOUND';

/** The account's vehicles (or the one vehicle) as the upstream lists them; `gone` when it answers that they no longer exist. */
async function vehiclesOf(api: VehicleApi, accountId: string, vehicleId: string | undefined): Promise<VehicleLike[] | 'gone' | null> {
  try {
    if (vehicleId) return [(await api.getVehicle(vehicleId)).data];
    await api.getAccount(accountId);
    const filter = JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId });
    return (await api.listVehicles({ maxPageSize: 100, filter })).data.results;
  } catch (error) {
    return gone(error) ? 'gone' : null;
  }
}

function healthOf(vehicles: VehicleLike[] | 'gone' | null): { health: ConnectionHealth; problem: string | null } {
  if (vehicles === 'gone') return { health: 'disconnected', problem: null };
  if (vehicles === null) return { health: 'unknown', problem: null };
  const broken = vehicles.find((v) => v.connectionStatus === 'DISCONNECTED' || v.connectionErrorCode);
  if (!broken) return { health: 'connected', problem: null };
  return {
    health: broken.connectionStatus === 'DISCONNECTED' ? 'disconnected' : 'in_error',
    problem: broken.connectionErrorCode ?? null,
  };
}

/**
 * Consent at a glance for an account (or one of its vehicles): how its connection stands, the link
 * that connected it (Motorpool's record of the link's completion), the scopes that link granted
 * and the scopes the vendor answered were missing since. Reconnect pre-fills from this.
 */
export async function accountConsent(
  access: OrgAccess,
  accountId: string,
  query: AccountConsentQuery,
): Promise<{ consent: AccountConsentView }> {
  const db = getDb();
  const [link, vehicles] = await Promise.all([
    connectingLinkOf(db, access.org.id, accountId),
    orgVehicleApi(access.org).then((api) => vehiclesOf(api, accountId, query.vehicleId)),
  ]);
  const listed = Array.isArray(vehicles) ? vehicles : [];
  const [refusals, emails, remembered] = await Promise.all([
    consentRefusalsOf(
      db,
      access.org.id,
      listed.map((v) => v.id),
      link?.completedAt ?? null,
    ),
    memberEmails(db, access.org.id, [link?.createdBy ?? null]),
    // A disconnected account's brands, kept when it was disconnected from the console.
    listed.length ? [] : rememberedAccounts(db, access.org.id, 200),
  ]);
  const makes = listed.length
    ? listed.map((v) => v.make).filter((m): m is string => typeof m === 'string' && m !== '')
    : (remembered.find((a) => a.accountId === accountId)?.makes ?? []);
  return {
    consent: {
      accountId,
      vehicleId: query.vehicleId ?? null,
      ...healthOf(vehicles),
      link: link ? toLinkView(link, emails) : null,
      vehicleMakes: [...new Set(makes)],
      vin: query.vehicleId ? (listed[0]?.vin ?? null) : null,
      missing: missingScopesOf(refusals),
    },
  };
}

/** Accounts checked upstream per request (one call each). */
const CHECKED = 25;

/**
 * Accounts Motorpool connected or disconnected that the Vehicle API no longer lists: the newest
 * ones it remembers, each asked for upstream. Each comes with what a Reconnect starts from.
 */
export async function listDisconnectedAccounts(access: OrgAccess) {
  const db = getDb();
  const api = await orgVehicleApi(access.org);
  const remembered = await rememberedAccounts(db, access.org.id, CHECKED);
  const checked = await Promise.all(
    remembered.map(async (account) => {
      try {
        await api.getAccount(account.accountId);
        return null;
      } catch (error) {
        return gone(error) ? account : null;
      }
    }),
  );
  const lapsed = checked.filter((a) => a !== null);
  const links = await Promise.all(lapsed.map((a) => connectingLinkOf(db, access.org.id, a.accountId)));
  return {
    items: lapsed.map((a, i) => ({
      accountId: a.accountId,
      disconnectedAt: a.disconnectedAt?.toISOString() ?? null,
      makes: links[i]?.makes.length ? links[i]!.makes : a.makes,
      connectedAt: links[i]?.completedAt?.toISOString() ?? null,
      linkKnown: links[i] !== undefined,
    })),
    checked: remembered.length,
  };
}
