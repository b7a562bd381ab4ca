import 'server-only';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { latestTelemetryTime, onboardingState, stuckLongerThan, type AccountProgress, type OnboardingItem } from '@/lib/connect/onboarding';
import { getDb } from '@/lib/db';
import { listConsentLinks } from '@/lib/db/repos/consent-links';
import { memberEmails } from '@/lib/members/server/member-emails';
import type { OnboardingQuery } from '@/lib/validations/onboarding';
import type { VehicleApi } from '@/lib/vehicle-api';

/** Confirmed accounts checked upstream per request (two reads each: its vehicles, one vehicle's telemetry). */
const CHECKED_ACCOUNTS = 25;

async function accountProgress(api: VehicleApi, accountId: string): Promise<AccountProgress> {
  try {
    const filter = JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId });
    const vehicles = (await api.listVehicles({ maxPageSize: 100, filter })).data.results;
    if (vehicles.length === 0) return { vehicleCount: 0, telemetryAt: null };
    const telemetry = await api.getTelemetry(vehicles[0]!.id).catch(() => null);
    return { vehicleCount: vehicles.length, telemetryAt: telemetry ? latestTelemetryTime(telemetry.data) : null };
  } catch {
    return null;
  }
}

/**
 * Every consent link from its creation to the first data of its vehicles: Motorpool's records,
 * plus, for the newest confirmed accounts, their vehicles and one vehicle's telemetry upstream.
 */
export async function listOnboarding(org: Org, query: OnboardingQuery) {
  const db = getDb();
  const links = await listConsentLinks(db, { organizationId: org.id, limit: 200 });
  const emails = await memberEmails(
    db,
    org.id,
    links.map((l) => l.createdBy),
  );
  const api = await orgVehicleApi(org);
  const confirmed = links.filter((l) => l.status === 'COMPLETED' && l.accountId).slice(0, CHECKED_ACCOUNTS);
  const progress = new Map<string, AccountProgress>();
  await Promise.all(confirmed.map(async (l) => progress.set(l.id, await accountProgress(api, l.accountId!))));
  const createdBy = query.createdBy?.trim().toLowerCase();
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
    const email = link.createdBy ? (emails.get(link.createdBy) ?? null) : null;
    if (query.stage && state.stage !== query.stage) continue;
    if (query.stuckHours !== undefined && !stuckLongerThan(state, query.stuckHours)) continue;
    if (createdBy && email?.toLowerCase() !== createdBy) continue;
    items.push({
      ...state,
      linkId: link.id,
      createdAt: link.createdAt.toISOString(),
      createdBy: email,
      mode: link.vin ? 'vehicle' : 'account',
      makes: link.makes,
      vin: link.vin,
      accountId: link.accountId,
      vehicleCount: p?.vehicleCount ?? null,
    });
  }
  return { items, checkedAccounts: confirmed.length };
}
