/** Query keys of the fleet pages; invalidating `fleetKeys.vehicles(org)` refreshes every vehicle list and detail. */
export const fleetKeys = {
  vehicles: (org: string) => ['vehicles', org] as const,
  vehicleList: (org: string, query: string) => ['vehicles', org, 'list', query] as const,
  vehicle: (org: string, id: string) => ['vehicles', org, 'detail', id] as const,
  vehicleTags: (org: string, id: string) => ['vehicles', org, 'tags', id] as const,
  pageTags: (org: string, ids: string) => ['vehicles', org, 'page-tags', ids] as const,
  tagsSeen: (org: string) => ['tags-seen', org] as const,
  accounts: (org: string) => ['accounts', org] as const,
  accountList: (org: string, query: string) => ['accounts', org, 'list', query] as const,
  account: (org: string, id: string) => ['accounts', org, 'detail', id] as const,
};
