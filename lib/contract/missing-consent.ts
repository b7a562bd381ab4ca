import { CONSENT_MISSING, CONSENT_SCOPE_WORDS, type ConsentScope } from './consent-scopes';

export type MissingConsent = { scope: ConsentScope | null; words: string; message: string };

/**
 * A section's error that is the owner's consent lacking a scope (a fact about the vehicle to
 * explain, not a failure to retry), or null for any other error.
 */
export function missingConsentOf(error: unknown): MissingConsent | null {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== CONSENT_MISSING) return null;
  const details = (error as { details?: { scope?: unknown } }).details;
  const scope = typeof details?.scope === 'string' && details.scope in CONSENT_SCOPE_WORDS ? (details.scope as ConsentScope) : null;
  const message = (error as { message?: unknown }).message;
  return {
    scope,
    words: scope ? CONSENT_SCOPE_WORDS[scope] : 'this data',
    message: typeof message === 'string' && message ? message : "This vehicle's owner did not grant access to this data.",
  };
}
