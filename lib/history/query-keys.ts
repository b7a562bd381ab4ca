export const historyKeys = {
  all: (org: string) => ['history', org] as const,
  backfill: (org: string, vehicleId: string) => ['history', org, 'backfill', vehicleId] as const,
  backfillEstimate: (org: string, vehicleId: string, from: string) => ['history', org, 'backfill', vehicleId, from] as const,
};
