import { makeLabel } from '@/lib/contract/makes';
import { CONNECT_SCOPES, LOCALES, REGIONS, type ConnectScope } from '@/lib/contract/vehicle-api';
import type { ConsentLinkView } from '@/lib/connect/links';
import type { ConnectLinkRequest } from '@/lib/connect/schemas';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : fallback;

/** A new link's form values from an earlier link: same brands, region, scopes, language and (for a VIN link) vehicle. */
export function linkRequestFrom(link: ConsentLinkView): ConnectLinkRequest {
  const scopes = link.scopes.filter((s): s is ConnectScope => (CONNECT_SCOPES as readonly string[]).includes(s));
  return {
    mode: link.mode,
    // Stored as the vendor spells them (KIA); the form's choices are as people spell them (Kia).
    makes: link.makes.map(makeLabel),
    scopes: scopes.length ? scopes : ['vehicle:all'],
    region: oneOf(REGIONS, link.region, 'EUROPE'),
    locale: oneOf(LOCALES, link.locale, 'en-GB'),
    ...(link.countryCode ? { countryCode: link.countryCode } : {}),
    ...(link.mode === 'vehicle'
      ? { vin: link.vin ?? '', ...(link.model ? { model: link.model } : {}), ...(link.modelYear ? { modelYear: link.modelYear } : {}) }
      : {}),
  };
}
