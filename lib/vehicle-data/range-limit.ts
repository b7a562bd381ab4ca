/**
 * A range read through (the journeys summary and its export, the charging export) goes at most
 * this many pages of PAGE_SIZE.max deep: one view or download never spends more of the vehicle's
 * rate budget than that.
 */
export const RANGE_PAGE_LIMIT = 20;
