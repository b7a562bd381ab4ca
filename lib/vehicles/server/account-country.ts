import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { listConsentLinksByAccount } from '@/lib/db/repos/consent-links';

/**
 * The vendor keeps no registration country per vehicle [V]: specifications use the country given
 * when the vehicle's account was connected. Motorpool knows it from its own consent links, when
 * one led to this account with a country; otherwise it is unknown (null).
 */
export async function accountCountryOf(db: Db, organizationId: string, accountId: string | null | undefined): Promise<string | null> {
  if (!accountId) return null;
  const links = await listConsentLinksByAccount(db, organizationId, accountId);
  return links.find((link) => link.countryCode)?.countryCode ?? null;
}

/** A vehicle record with `accountCountry` added, for the vehicle page. */
export async function withAccountCountry<V extends { metadata?: { accountId?: string | null } | null }>(
  organizationId: string,
  vehicle: V,
): Promise<V & { accountCountry: string | null }> {
  return { ...vehicle, accountCountry: await accountCountryOf(getDb(), organizationId, vehicle.metadata?.accountId) };
}
