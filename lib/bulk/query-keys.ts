export const bulkKeys = {
  all: (org: string) => ['bulk-jobs', org] as const,
  job: (org: string, id: string) => ['bulk-jobs', org, id] as const,
  lists: (org: string) => ['bulk-jobs', org, 'list'] as const,
  list: (org: string, queryString: string) => ['bulk-jobs', org, 'list', queryString] as const,
};
