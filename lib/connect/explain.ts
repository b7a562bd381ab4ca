import { UPSTREAM_ERROR_TEXT, type Explanation } from '@/lib/contract/upstream-error-text';

/**
 * Plain words for what can go wrong when connecting, shared by the console and the landing page:
 * the catalog's (lib/contract/outcome-text.ts), said of a consent link where that is what was refused.
 */

/** Refusals of `POST /v1/accounts:connect` that a person can act on. */
export const CONNECT_ERROR_TEXT: Record<string, Explanation> = {
  // Said the same anywhere; a rate limit keeps Motorpool's message, which says until when.
  SERVER_ERROR: UPSTREAM_ERROR_TEXT.SERVER_ERROR,
  REQUEST_VALIDATION_ERROR: UPSTREAM_ERROR_TEXT.REQUEST_VALIDATION_ERROR,
  DEVICE_LIMIT_REACHED: {
    title: 'The organization has reached its vehicle limit',
    what: 'The Vehicle API connects only a set number of vehicles for this organization, and that number is reached. No link was created.',
    nextStep: 'Disconnect vehicles you no longer need, or ask your Vehicle API provider to raise the limit, then create the link again.',
  },
  UNSUPPORTED_OEM: {
    title: 'A brand you chose is not supported',
    what: 'The Vehicle API cannot connect one of the brands in the list. No link was created.',
    nextStep: 'Remove that brand or check its spelling (or leave the brands empty so the owner picks), then create the link again.',
  },
  NOT_PERMITTED: {
    title: 'This organization may not connect accounts',
    what: 'The Vehicle API refused: the organization’s API credentials are not allowed to create consent links. No link was created.',
    nextStep: 'An admin can check the credentials in Settings, or ask the Vehicle API provider to enable account connection.',
  },
};

/** Failure codes the consent flow sends back to the landing page. */
export const RETURN_FAILURE_TEXT: Record<string, string> = {
  ACCESS_DENIED: 'Access was declined on the consent page, so nothing was shared.',
  DEVICE_LIMIT_REACHED: 'The fleet has reached the number of vehicles it may connect, so nothing was shared.',
  UNSUPPORTED_OEM: 'This vehicle brand cannot be connected yet, so nothing was shared.',
  NOT_PERMITTED: 'The fleet operator is not allowed to connect vehicles at the moment, so nothing was shared.',
};

/** "59:03" for the time left, or null once it is gone. */
export function formatRemaining(expiresAt: string, now: number): string | null {
  const ms = Date.parse(expiresAt) - now;
  if (!(ms > 0)) return null;
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
