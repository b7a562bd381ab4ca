import 'server-only';
import { PAGE_SIZE } from '@/lib/contract/vehicle-api';
import { ApiError, invalid } from './errors';
import { parseFilter, toPredicate } from './filter';
import { hashSeed } from './random';

export interface PageQuery {
  pageSize: number;
  offset: number;
  predicate: ((record: unknown) => boolean) | null;
  /** Identifies the filter (and any extra list parameters) the page token was issued for. */
  queryKey: string;
  /** When the next page token is issued (the sandbox clock), for tokens that expire. */
  issuedAt: number;
}

function parsePageSize(raw: string | null): number {
  if (raw === null || raw === '') return PAGE_SIZE.default;
  if (!/^-?\d+$/.test(raw)) throw invalid('maxPageSize must be an integer');
  const size = Number(raw);
  if (size < 1) throw invalid('maxPageSize must be at least 1');
  if (size > PAGE_SIZE.max) throw new ApiError('PAGE_SIZE_TOO_LARGE', `maxPageSize must be at most ${PAGE_SIZE.max}`);
  return size;
}

/**
 * Reads `maxPageSize`, `pageToken` and `filter`; `extraKey` covers other list parameters (tags).
 * With a `clock` whose `ttlMs` is set (the vendor profile), a token older than that has expired.
 */
export function readPageQuery(
  params: URLSearchParams,
  extraKey = '',
  clock: { now: number; ttlMs: number | null } = { now: 0, ttlMs: null },
): PageQuery {
  const pageSize = parsePageSize(params.get('maxPageSize'));
  const filterText = params.get('filter');
  const predicate = toPredicate(parseFilter(filterText));
  const queryKey = hashSeed(filterText ?? '', extraKey).toString(36);
  let offset = 0;
  const token = params.get('pageToken');
  if (token) {
    let decoded: { o?: unknown; q?: unknown; t?: unknown };
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    } catch {
      throw invalid('pageToken is not a token this service issued');
    }
    if (typeof decoded?.o !== 'number' || !Number.isInteger(decoded.o) || decoded.o < 0 || typeof decoded.q !== 'string') {
      throw invalid('pageToken is not a token this service issued');
    }
    if (clock.ttlMs !== null && (typeof decoded.t !== 'number' || clock.now - decoded.t > clock.ttlMs)) {
      throw new ApiError('QUERY_PAGE_TOKEN_EXPIRED', 'The page token has expired; start again without one');
    }
    if (decoded.q !== queryKey) {
      throw new ApiError('PAGINATED_QUERY_FILTER_CHANGED', 'The filter differs from the one the page token was issued for');
    }
    offset = decoded.o;
  }
  return { pageSize, offset, predicate, queryKey, issuedAt: clock.now };
}

function encodeToken(offset: number, queryKey: string, issuedAt: number): string {
  return Buffer.from(JSON.stringify({ o: offset, q: queryKey, t: issuedAt })).toString('base64url');
}

export interface Page<T> {
  results: T[];
  nextPageToken: string | null;
  total: number;
}

/**
 * Pages over `items` (already in list order), rendering only the records of the page. The filter
 * sees `view(item)`, which must read like the rendered record (it may compute fields lazily).
 */
export function paginate<S, T>(
  items: readonly S[],
  render: (item: S) => T,
  query: PageQuery,
  view: (item: S) => unknown = render,
): Page<T> {
  const { predicate, offset, pageSize, queryKey, issuedAt } = query;
  if (!predicate) {
    const results = items.slice(offset, offset + pageSize).map(render);
    const next = offset + pageSize < items.length ? encodeToken(offset + pageSize, queryKey, issuedAt) : null;
    return { results, nextPageToken: next, total: items.length };
  }
  const matching: S[] = [];
  for (const item of items) if (predicate(view(item))) matching.push(item);
  const results = matching.slice(offset, offset + pageSize).map(render);
  const next = offset + pageSize < matching.length ? encodeToken(offset + pageSize, queryKey, issuedAt) : null;
  return { results, nextPageToken: next, total: matching.length };
}
