import { STATE_FILTER_PARAMS } from '@/lib/vehicles/state-filter-params';

/**
 * A saved view is the vehicles list's URL parameters under a name: the JSON filter, the tag
 * filter, the state filters, the columns and the sort. Paging (`pages`, `size`) is not saved.
 */
export const VIEW_PARAMS = ['filter', 'tagKey', 'tagValue', ...STATE_FILTER_PARAMS, 'cols', 'sort'] as const;
export type ViewParam = (typeof VIEW_PARAMS)[number];
export type ViewQuery = Partial<Record<ViewParam, string>>;

/** What the browser receives of a saved view. */
export type SavedViewView = {
  id: string;
  name: string;
  shared: boolean;
  query: ViewQuery;
  ownerEmail: string | null;
  mine: boolean;
  /** The owner, or an admin: may rename, update or delete it. */
  canEdit: boolean;
  updatedAt: string;
};

/** The URL parameter naming the view a list was opened from (not sent to the API). */
export const VIEW_ID_PARAM = 'view';

/** The saved parameters of the list as it is now; empty ones are left out. */
export function viewQueryFromParams(params: { get(name: string): string | null }): ViewQuery {
  const query: ViewQuery = {};
  for (const name of VIEW_PARAMS) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return query;
}

/** The vehicles list opened with a view's parameters. */
export function viewHref(org: string, view: { id: string; query: ViewQuery }): string {
  const params = new URLSearchParams();
  for (const name of VIEW_PARAMS) {
    const value = view.query[name];
    if (value) params.set(name, value);
  }
  params.set(VIEW_ID_PARAM, view.id);
  return `/o/${org}/vehicles?${params}`;
}

/** Whether the list shows what the view saved (it may have been changed since it was opened). */
export function sameViewQuery(a: ViewQuery, b: ViewQuery): boolean {
  return VIEW_PARAMS.every((name) => (a[name] ?? '') === (b[name] ?? ''));
}
