import { consentScopeOf, type ConsentScope } from '@/lib/contract/consent-scopes';
import { makeLabel, toVendorMake } from '@/lib/contract/makes';
import { linkRequestFrom } from '@/lib/connect/reconnect';
import type { ConsentLinkView } from '@/lib/connect/links';
import type { ConnectLinkRequest } from '@/lib/connect/schemas';

/** How an account's (or a vehicle's) connection stands, as far as the console can tell. */
export type ConnectionHealth = 'connected' | 'disconnected' | 'in_error' | 'unknown';

/**
 * Consent at a glance for one account (or one of its vehicles): the link that connected it, if
 * Motorpool made it; the scopes granted by that link; the scopes the vendor answered were missing
 * (a consent-scope 401 on one of its vehicles since that link completed).
 */
export type AccountConsentView = {
  accountId: string;
  vehicleId: string | null;
  health: ConnectionHealth;
  /** The vendor's reason, when a vehicle reports one (`connectionErrorCode`). */
  problem: string | null;
  /** The link that connected the account; null when it was connected before Motorpool kept that record, or elsewhere. */
  link: ConsentLinkView | null;
  /** Brands of the account's (or the vehicle's) vehicles, as the vendor spells them. */
  vehicleMakes: string[];
  /** The vehicle's VIN, on a vehicle's page. */
  vin: string | null;
  missing: ConsentScope[];
};

/** The distinct scopes behind consent-scope 401s, from the endpoints they were met on (`GET /v1/vehicles/{vehicleId}/telemetry`). */
export function missingScopesOf(refusals: { endpoint: string }[]): ConsentScope[] {
  const scopes = new Set<ConsentScope>();
  for (const { endpoint } of refusals) {
    const scope = consentScopeOf(endpoint.replace(/^[A-Z]+\s+/, ''));
    if (scope) scopes.add(scope);
  }
  return [...scopes].sort();
}

/** A pre-filled reconnection: the form's values, the owner's address to mail it to, and what could not be known. */
export type ReconnectPrefill = { request: ConnectLinkRequest; mailTo: string | null; unknown: string[] };

const union = <T>(a: readonly T[], b: readonly T[]): T[] => [...new Set([...a, ...b])];

/**
 * The form's values for a new link that renews this connection: the connecting link's brands,
 * region, scopes, language and (for a VIN link) vehicle, and the owner's address it was mailed to;
 * with `addMissing`, its scopes plus those found missing. Without a connecting link, what the
 * vehicles tell (their brands; the VIN on a vehicle's page, left to the person to use) and the
 * defaults for the rest, named in `unknown`.
 */
export function reconnectPrefill(view: AccountConsentView, { addMissing = false } = {}): ReconnectPrefill {
  const extra = addMissing ? view.missing : [];
  if (view.link) {
    const request = linkRequestFrom(view.link);
    return {
      request: { ...request, scopes: union(request.scopes, extra) },
      mailTo: view.link.mailedTo,
      unknown: view.link.mailedTo ? [] : ['the owner’s e-mail (the earlier link was not mailed from Motorpool)'],
    };
  }
  const makes = view.vehicleMakes.filter((m) => toVendorMake(m) !== null).map(makeLabel);
  const unknown = [
    'the scopes the owner granted (all vehicle data is asked for)',
    'the region of the owner’s account (Europe is assumed)',
    'the owner’s language (English is assumed)',
    'the owner’s e-mail',
  ];
  if (makes.length === 0) unknown.unshift('the brand (no vehicle of the account is listed any more)');
  return {
    request: {
      mode: 'account',
      makes: union(makes, []),
      scopes: union(['vehicle:all'] as ConnectLinkRequest['scopes'], extra),
      region: 'EUROPE',
      locale: 'en-GB',
    },
    mailTo: null,
    unknown,
  };
}
