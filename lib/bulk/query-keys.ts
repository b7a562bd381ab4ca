export const bulkKeys = {
  all: (org: string) => ['bulk-jobs', org] as const,
  job: (org: string, id: string) => ['bulk-jobs', org, id] as const,
};
