// Apart from state-filters.ts: saved views, in the sidebar of every page, name these parameters
// and need none of the filters' reading and wording (nor the units those bring).

/** The vehicles list's URL parameters of the state filters (lib/vehicles/state-filters.ts). */
export const STATE_FILTER_PARAMS = ['socBelow', 'charging', 'plugged', 'staleHours', 'tiresBelow', 'healthBelow', 'alerts'] as const;
export type StateFilterParam = (typeof STATE_FILTER_PARAMS)[number];
