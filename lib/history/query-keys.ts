export const historyKeys = {
  /** Every estimate of the vehicle's backfill: what a request invalidates. */
  backfill: (org: string, vehicleId: string) => ['history', org, 'backfill', vehicleId] as const,
  backfillFrom: (org: string, vehicleId: string, from: string) => ['history', org, 'backfill', vehicleId, from] as const,
};
