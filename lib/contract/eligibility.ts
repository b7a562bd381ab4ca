// Part of the contract (re-exported by vehicle-api.ts), apart so the eligibility pages' first load does not carry the whole contract.

export const ELIGIBILITY = { minVins: 1, maxVins: 500, vinPattern: /^[A-Za-z0-9]{17}$/ } as const;
/** [V] `POST /v1/vehicles/connect`: up to 100 VINs per request, off unless the vendor enables it for the organization. */
export const BULK_CONNECT = { minVins: 1, maxVins: 100 } as const;
