export const reportKeys = {
  report: (org: string, search: string) => ['reports', org, search] as const,
  schedules: (org: string) => ['reports', org, 'schedules'] as const,
};
