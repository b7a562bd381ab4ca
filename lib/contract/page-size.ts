/**
 * The Vehicle API's page sizes. Part of the contract (re-exported by `vehicle-api.ts`), in a module
 * of its own so the paged lists' first load does not carry the whole contract.
 */
export const PAGE_SIZE = { default: 20, max: 100 } as const;
