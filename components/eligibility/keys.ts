export const eligibilityKeys = {
  all: (org: string) => ['eligibility', org] as const,
  list: (org: string) => ['eligibility', org, 'list'] as const,
  check: (org: string, id: string) => ['eligibility', org, 'check', id] as const,
  results: (org: string, id: string, query: string) => ['eligibility', org, 'results', id, query] as const,
  bulk: (org: string, id: string) => ['bulk-connections', org, id] as const,
  bulkResults: (org: string, id: string, query: string) => ['bulk-connections', org, id, 'results', query] as const,
};
