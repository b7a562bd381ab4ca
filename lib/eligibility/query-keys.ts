/** Query keys of eligibility checks and bulk connections. Results carry the group's status: they are read again when it moves on. */
export const eligibilityKeys = {
  all: (org: string) => ['eligibility', org] as const,
  list: (org: string) => ['eligibility', org, 'list'] as const,
  check: (org: string, id: string) => ['eligibility', org, 'check', id] as const,
  results: (org: string, id: string, query: string, status: string) => ['eligibility', org, 'results', id, query, status] as const,
  bulk: (org: string, id: string) => ['bulk-connections', org, id] as const,
  /** The bulk connection requests sent from one check. */
  connections: (org: string, checkId: string) => ['eligibility', org, 'connections', checkId] as const,
  bulkResults: (org: string, id: string, query: string, status: string | null | undefined) =>
    ['bulk-connections', org, id, 'results', query, status ?? null] as const,
};
