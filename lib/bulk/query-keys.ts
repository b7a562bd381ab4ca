export const bulkKeys = {
  job: (org: string, id: string) => ['bulk-jobs', org, id] as const,
};
