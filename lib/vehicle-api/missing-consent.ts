import 'server-only';
import { CONSENT_MISSING, consentMissingMessage, consentScopeOf } from '@/lib/contract/consent-scopes';
import type { AttemptResult } from './attempt';
import { VehicleApiError } from './errors';

/** A token obtained this recently that meets a 401 was not refused for its age: the consent lacks the scope. */
const FRESH_TOKEN_MS = 60_000;
const MAX_REMEMBERED_TOKENS = 8;

type TokenFact = { obtainedAt?: number; worked?: boolean };

/**
 * Where a consent-scope 401 is recognised. The recogniser remembers what the client knows of its
 * bearer tokens (when it obtained one, whether a call succeeded with it): a 401 on an endpoint
 * that needs a consent scope, with a token that is known good (it worked elsewhere, or was
 * obtained a moment ago, or was just renewed), is the vehicle's consent lacking the scope, and
 * renewing the organization's token would change nothing.
 */
export function createConsentRecognizer(now: () => number) {
  const tokenFacts = new Map<string, TokenFact>();
  return {
    noteToken(token: string, fact: TokenFact): void {
      tokenFacts.set(token, { ...tokenFacts.get(token), ...fact });
      if (tokenFacts.size > MAX_REMEMBERED_TOKENS) tokenFacts.delete(tokenFacts.keys().next().value!);
    },
    /** The CONSENT_MISSING error this 401 stands for, or undefined when the token itself may be the cause. */
    missingConsentOf(
      result: AttemptResult,
      template: string,
      endpoint: string,
      token: string,
      renewed: boolean,
    ): VehicleApiError | undefined {
      const scope = consentScopeOf(template);
      if (result.status !== 401 || !scope) return undefined;
      const fact = tokenFacts.get(token);
      const knownGood = renewed || fact?.worked === true || (fact?.obtainedAt !== undefined && now() - fact.obtainedAt < FRESH_TOKEN_MS);
      if (!knownGood) return undefined;
      return new VehicleApiError({
        code: CONSENT_MISSING,
        status: 401,
        endpoint,
        requestId: result.error?.requestId ?? result.requestId,
        retryable: false,
        message: consentMissingMessage(scope),
        details: { scope, upstreamCode: result.error?.code },
        raw: result.error?.raw,
      });
    },
  };
}
