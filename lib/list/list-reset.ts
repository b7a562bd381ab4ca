import { PAGE_SIZE } from '@/lib/contract/vehicle-api';

/** Upstream paging errors that mean "start again from the first page", never a broken page. */
export const RESET_CODES = ['PAGE_SIZE_TOO_LARGE', 'PAGINATED_QUERY_FILTER_CHANGED', 'QUERY_PAGE_TOKEN_EXPIRED'] as const;
export type ListResetCode = (typeof RESET_CODES)[number];

export const RESET_MESSAGES: Record<ListResetCode, string> = {
  PAGE_SIZE_TOO_LARGE: `That page size is larger than the Vehicle API allows (at most ${PAGE_SIZE.max}). Showing ${PAGE_SIZE.default} per page from the first page.`,
  PAGINATED_QUERY_FILTER_CHANGED:
    'The filter changed since that page was loaded, so its page token no longer applies. Showing the first page.',
  QUERY_PAGE_TOKEN_EXPIRED:
    'That page had expired: the Vehicle API lets page tokens lapse after a while. Showing the first page again, with the same filter.',
};

export const isListResetCode = (code: string | null | undefined): code is ListResetCode =>
  (RESET_CODES as readonly (string | null | undefined)[]).includes(code);

/**
 * The URL change a reset makes (null removes a parameter): always back to the first page with the
 * filter kept, and the page size dropped only when the size itself was refused.
 */
export function resetUpdateFor(code: ListResetCode): { pages: null; reset: ListResetCode; size?: null } {
  return code === 'PAGE_SIZE_TOO_LARGE' ? { size: null, pages: null, reset: code } : { pages: null, reset: code };
}
