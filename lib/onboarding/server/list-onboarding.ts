import 'server-only';
import { can } from '@/lib/auth/permissions';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import {
  latestTelemetryTime,
  onboardingState,
  stuckLongerThan,
  type AccountProgress,
  type OnboardingItem,
  type OnboardingState,
} from '@/lib/onboarding/onboarding';
import { getDb, type Db } from '@/lib/db';
import { connectionOfVehicles } from '@/lib/db/repos/vehicle-snapshots';
import { listConsentLinks } from '@/lib/db/repos/consent-links';
import { vinListOnboarding } from '@/lib/onboarding/server/load-vin-list-onboarding';
import { memberEmails } from '@/lib/members/server/member-emails';
import type { OnboardingQuery } from '@/lib/onboarding/schemas';
import type { VehicleApi } from '@/lib/vehicle-api';

/** Confirmed accounts checked upstream per request (two reads each: its vehicles, one vehicle's telemetry). */
const CHECKED_ACCOUNTS = 25;

const newest = (...times: (string | null)[]) =>
  times.reduce<string | null>((max, t) => (t && (!max || Date.parse(t) > Date.parse(max)) ? t : max), null);

async function accountProgress(db: Db, api: VehicleApi, organizationId: string, accountId: string): Promise<AccountProgress> {
  try {
    const filter = JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId });
    const vehicles = (await api.listVehicles({ maxPageSize: 100, filter })).data.results;
    if (vehicles.length === 0) return { vehicleCount: 0, telemetryAt: null };
    const [telemetry, pushed] = await Promise.all([
      api.getTelemetry(vehicles[0]!.id).catch(() => null),
      connectionOfVehicles(
        db,
        organizationId,
        vehicles.map((v) => v.id),
      ),
    ]);
    return {
      vehicleCount: vehicles.length,
      telemetryAt: newest(telemetry ? latestTelemetryTime(telemetry.data) : null, pushed.pushedAt?.toISOString() ?? null),
      connection: pushed.connection && { status: pushed.connection.status, at: pushed.connection.at.toISOString() },
    };
  } catch {
    return null;
  }
}

/**
 * Every consent link from its creation to the first data of its vehicles: Motorpool's records,
 * plus, for the newest confirmed accounts, their vehicles and one vehicle's telemetry upstream,
 * and what connection events and pushed telemetry the fleet snapshot holds about them.
 * Beside them, every bulk VIN list from its eligibility check to its connection results (for
 * those who may read eligibility checks). Newest first; the filters apply to both.
 */
export async function listOnboarding({ org, role }: OrgAccess, query: OnboardingQuery) {
  const db = getDb();
  const api = await orgVehicleApi(org);
  const [links, vinLists] = await Promise.all([
    listConsentLinks(db, { organizationId: org.id, limit: 200 }),
    can(role, 'eligibility.read') ? vinListOnboarding(db, api, org.id) : [],
  ]);
  const emails = await memberEmails(db, org.id, [...links.map((l) => l.createdBy), ...vinLists.map(({ check }) => check.createdBy)]);
  const confirmed = links.filter((l) => l.status === 'COMPLETED' && l.accountId).slice(0, CHECKED_ACCOUNTS);
  const progress = new Map<string, AccountProgress>();
  await Promise.all(confirmed.map(async (l) => progress.set(l.id, await accountProgress(db, api, org.id, l.accountId!))));
  const createdBy = query.createdBy?.trim().toLowerCase();
  const emailOf = (userId: string | null) => (userId ? (emails.get(userId) ?? null) : null);
  const matches = (state: Pick<OnboardingState, 'stuck' | 'since'> & { stage: string }, email: string | null) =>
    (!query.stage || state.stage === query.stage) &&
    (query.stuckHours === undefined || stuckLongerThan(state, query.stuckHours)) &&
    (!createdBy || email?.toLowerCase() === createdBy);

  const items: OnboardingItem[] = [];
  for (const link of links) {
    const p = progress.get(link.id) ?? null;
    const state = onboardingState(
      {
        status: link.status,
        createdAt: link.createdAt.toISOString(),
        expiresAt: link.expiresAt.toISOString(),
        completedAt: link.completedAt?.toISOString() ?? null,
        errorCode: link.errorCode,
        accountId: link.accountId,
      },
      p,
    );
    const email = emailOf(link.createdBy);
    if (!matches(state, email)) continue;
    items.push({
      ...state,
      kind: 'link',
      linkId: link.id,
      createdAt: link.createdAt.toISOString(),
      createdBy: email,
      mode: link.vin ? 'vehicle' : 'account',
      makes: link.makes,
      vin: link.vin,
      accountId: link.accountId,
      vehicleCount: p?.vehicleCount ?? null,
      reconnectsAccountId: link.reconnectsAccountId,
    });
  }
  for (const { check, state } of vinLists) {
    const email = emailOf(check.createdBy);
    if (!matches(state, email)) continue;
    items.push({
      ...state,
      kind: 'vin_list',
      checkId: check.id,
      label: check.label,
      vinCount: check.vinCount,
      createdAt: check.createdAt.toISOString(),
      createdBy: email,
    });
  }
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { items, checkedAccounts: confirmed.length };
}
