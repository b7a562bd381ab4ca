import type { ConnectScope } from './vehicle-api';

/**
 * The scope of an account's consent each vehicle endpoint needs [V]. Scopes belong to the consent
 * an owner gave at `accounts:connect`, not to the organization's token: a vehicle whose consent
 * lacks one answers 401 on that endpoint while the same token works elsewhere.
 */
const ENDPOINT_SCOPES: ReadonlyArray<[RegExp, ConsentScope]> = [
  [/^\/v1\/vehicles\/\{\w+\}\/(options|specifications|registration-plate)$/, 'vehicle:information'],
  [/^\/v1\/vehicles\/\{\w+\}\/(telemetry|journeys|maintenance\/.+|state-of-health|range)$/, 'vehicle:telemetry'],
  [/^\/v1\/vehicles\/\{\w+\}\/(charging-history(\/\{\w+\})?|departure-times|charging-windows)$/, 'vehicle:charging_history'],
  [/^\/v1\/vehicles\/\{\w+\}\/command-executions(\/\{\w+\})?$/, 'vehicle:commands'],
];

export type ConsentScope = Extract<
  ConnectScope,
  'vehicle:information' | 'vehicle:telemetry' | 'vehicle:charging_history' | 'vehicle:commands'
>;

/** The consent scope an endpoint (its path template, e.g. `/v1/vehicles/{vehicleId}/telemetry`) needs, or null. */
export function consentScopeOf(pathTemplate: string): ConsentScope | null {
  return ENDPOINT_SCOPES.find(([pattern]) => pattern.test(pathTemplate))?.[1] ?? null;
}

/** A scope in the words of a sentence: "this vehicle's owner did not grant vehicle information". */
export const CONSENT_SCOPE_WORDS: Record<ConsentScope, string> = {
  'vehicle:information': 'vehicle information',
  'vehicle:telemetry': 'telemetry',
  'vehicle:charging_history': 'charging history',
  'vehicle:commands': 'remote commands',
};

/** The error code Motorpool gives a 401 that means a missing consent, not a refused token. */
export const CONSENT_MISSING = 'CONSENT_MISSING';

export function consentMissingMessage(scope: ConsentScope): string {
  return `This vehicle's owner did not grant ${CONSENT_SCOPE_WORDS[scope]}.`;
}
