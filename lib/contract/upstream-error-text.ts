import type { ErrorCode } from './vehicle-api';

/**
 * Plain words for the Vehicle API's HTTP error codes: part of the one catalog
 * (lib/contract/outcome-text.ts), apart because every page's error state shows them, and the rest
 * of the catalog (bulk-connect codes, action categories) belongs only to the pages that show those.
 */
export type Explanation = { title: string; what: string; nextStep: string };

/** The HTTP error codes, in the words that fit wherever they are met (eligibility, bulk connection, a vehicle's data). */
export const UPSTREAM_ERROR_TEXT: Record<ErrorCode, Explanation> = {
  AUTHENTICATION_ERROR: {
    title: 'The Vehicle API refused the organization’s credentials',
    what: 'The credentials are wrong, expired or lack the scope this needs, so nothing was done.',
    nextStep: 'An admin can check the credentials in Settings and test the connection there.',
  },
  REQUEST_VALIDATION_ERROR: {
    title: 'The Vehicle API refused the request as invalid',
    what: 'One of the values sent was not accepted, so nothing was done.',
    nextStep: 'Check the values (VINs, country codes, dates), correct them and try again; the service’s words below say which one.',
  },
  SERVER_ERROR: {
    title: 'The Vehicle API failed on its side',
    what: 'The service had an internal error while answering. Nothing is wrong with what you sent.',
    nextStep: 'Try again in a few minutes; if it keeps failing, send the request id below to the Vehicle API’s support.',
  },
  RESOURCE_NOT_FOUND: {
    title: 'The Vehicle API does not know this item',
    what: 'The account, vehicle, check, bulk request or record asked for does not exist at the service (it may have been removed or disconnected).',
    nextStep: 'Go back to the list and open it again; if the id came from elsewhere, check that it belongs to this organization.',
  },
  PAGE_SIZE_TOO_LARGE: {
    title: 'Too many rows were asked for at once',
    what: 'The service serves fewer rows per page than were asked for.',
    nextStep: 'Choose a smaller page size and try again.',
  },
  PAGINATED_QUERY_FILTER_CHANGED: {
    title: 'The filter changed between pages',
    what: 'The next page was asked for with a different filter than the first one.',
    nextStep: 'Go back to the first page and page through again.',
  },
  QUERY_PAGE_TOKEN_EXPIRED: {
    title: 'The page has expired',
    what: 'The service keeps a place in a list only for a while, and that time is over.',
    nextStep: 'Go back to the first page and page through again.',
  },
  DEVICE_LIMIT_REACHED: {
    title: 'The organization has reached its vehicle limit',
    what: 'The Vehicle API connects only a set number of vehicles for this organization, and that number is reached.',
    nextStep: 'Disconnect vehicles you no longer need, or ask your Vehicle API provider to raise the limit, then try again.',
  },
  NOT_PERMITTED: {
    title: 'The Vehicle API does not allow this for the organization',
    what: 'The organization’s credentials are not allowed to do this (eligibility checks, bulk connection and account connection are enabled per organization), so nothing was done.',
    nextStep: 'An admin can check the credentials in Settings, or ask the Vehicle API provider to enable it for the organization.',
  },
  UNSUPPORTED_OEM: {
    title: 'This brand is not supported',
    what: 'The Vehicle API cannot serve this manufacturer.',
    nextStep: 'Check the brand’s spelling, or leave it out and try again.',
  },
  COMMAND_ALREADY_IN_PROGRESS: {
    title: 'A command is already running on this vehicle',
    what: 'The vehicle takes one command at a time, and another one has not finished yet.',
    nextStep: 'Wait for it to finish (see the command history), then send this one again.',
  },
  RATE_LIMITED: {
    title: 'The Vehicle API asks us to slow down',
    what: 'Too many requests reached the service in a short time, so this one was not served.',
    nextStep: 'Wait a moment and try again.',
  },
};

export const lookup = <T extends string>(map: Record<T, Explanation>, code: string | null | undefined): Explanation | null =>
  code && Object.hasOwn(map, code) ? map[code as T] : null;

/** The words for an HTTP error code, or null for a code the catalog does not know. */
export function explainUpstreamError(code: string | null | undefined): Explanation | null {
  return lookup(UPSTREAM_ERROR_TEXT, code);
}
