export const fleetKeys = {
  overview: (org: string) => ['overview', org] as const,
  trends: (org: string) => ['overview-trends', org] as const,
  alerts: (org: string) => ['fleet-alerts', org] as const,
  positions: (org: string) => ['positions', org] as const,
};
