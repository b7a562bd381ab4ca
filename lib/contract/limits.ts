/**
 * The Vehicle API's size limits that the browser checks too. Part of the contract (re-exported by
 * `vehicle-api.ts`), in a module of their own so a list's first load does not carry the whole
 * contract (its command, error and scope tables).
 */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

export const TAG_LIMIT = 150;
