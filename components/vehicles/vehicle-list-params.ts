import { createParser, createSerializer, parseAsString, type inferParserType } from 'nuqs';
import { DEFAULT_COLUMNS, readColumns, readSort, writeSort, type Sort, type VehicleColumnId } from '@/lib/vehicles/vehicle-columns';
import { readStateFilters, writeStateFilters, type StateFilters } from '@/lib/vehicles/state-filters';
import { STATE_FILTER_PARAMS, type StateFilterParam } from '@/lib/vehicles/state-filter-params';
import { VIEW_ID_PARAM } from '@/lib/views/saved-views';

/** A state filter parameter, kept only when the route's own rules (lib/vehicles/state-filters.ts) accept it. */
const stateFilterParam = (param: StateFilterParam) =>
  createParser<string>({
    parse: (value) => writeStateFilters(readStateFilters({ get: (name) => (name === param ? value : null) }))[param] ?? null,
    serialize: (value) => value,
  });

/**
 * The vehicles list's own URL parameters, besides the paging and `filter` every cursor list has:
 * the tag filter, the state filters, the columns, the sort, and the saved view it was opened from.
 */
export const vehicleListParams = {
  tagKey: parseAsString.withDefault(''),
  tagValue: parseAsString.withDefault(''),
  ...(Object.fromEntries(STATE_FILTER_PARAMS.map((param) => [param, stateFilterParam(param)])) as Record<
    StateFilterParam,
    ReturnType<typeof stateFilterParam>
  >),
  cols: createParser<VehicleColumnId[]>({
    parse: (value) => readColumns(value),
    serialize: (columns) => columns.join(','),
    eq: (a, b) => a.join(',') === b.join(','),
  }).withDefault([...DEFAULT_COLUMNS]),
  sort: createParser<NonNullable<Sort>>({
    parse: (value) => readSort(value),
    serialize: (sort) => writeSort(sort) ?? '',
    eq: (a, b) => writeSort(a) === writeSort(b),
  }),
  [VIEW_ID_PARAM]: parseAsString,
};

type VehicleListState = inferParserType<typeof vehicleListParams>;

/** The list's parameters as a URL query, as a saved view keeps them (lib/views/saved-views.ts reads it). */
const serializeVehicleList = createSerializer({ ...vehicleListParams, filter: parseAsString.withDefault('') });
export const vehicleListQuery = (state: VehicleListState & { filter: string }) => new URLSearchParams(serializeVehicleList(state));

export const stateFiltersOf = (state: VehicleListState): StateFilters =>
  readStateFilters({ get: (name) => state[name as StateFilterParam] });

/** The update that shows `filters` (a filter left out is removed). */
export const stateFilterUpdate = (filters: StateFilters): Record<StateFilterParam, string | null> =>
  Object.fromEntries(Object.entries(writeStateFilters(filters)).map(([param, value]) => [param, value ?? null])) as Record<
    StateFilterParam,
    string | null
  >;

/** The API's own parameters of the list (the tag and state filters); columns, sort and view stay in the browser. */
export const vehicleListApiParams = (state: VehicleListState): Record<string, string | undefined> => ({
  tagKey: state.tagKey || undefined,
  tagValue: state.tagValue || undefined,
  ...Object.fromEntries(STATE_FILTER_PARAMS.map((param) => [param, state[param] ?? undefined])),
});
