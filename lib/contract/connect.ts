/**
 * What the connect call accepts: scopes, regions and consent page languages. Part of the contract
 * (re-exported by `vehicle-api.ts`), in a module of its own so the connect form's first load does
 * not carry the whole contract.
 */
export const SCOPES = ['vehicle:all', 'vehicle:information', 'vehicle:telemetry', 'vehicle:charging_history', 'vehicle:commands'] as const;
/** [V] scopes the connect call accepts beyond the data scopes. */
export const CONNECT_SCOPES = [
  ...SCOPES,
  'vehicle:driving_behavior',
  'vehicle:location_history',
  'battery:all',
  'battery:telemetry',
  'geofences:all',
  'geofences:read',
  'geofences:write',
] as const;
export type ConnectScope = (typeof CONNECT_SCOPES)[number];

export const REGIONS = ['EUROPE', 'NORTH_AMERICA'] as const;
export const LOCALES = ['en-GB', 'de-DE', 'fr-FR', 'nl-NL'] as const;
