/** Query keys of commands: the history (all or one vehicle's), one execution, a vehicle's budget and listening state. */
export const commandKeys = {
  all: (org: string) => ['commands', org] as const,
  history: (org: string, vehicleId: string | undefined, query: string) => ['commands', org, vehicleId ?? 'all', query] as const,
  executions: (org: string) => ['execution', org] as const,
  execution: (org: string, id: string) => ['execution', org, id] as const,
  budget: (org: string, vehicleId: string) => ['rate-limits', org, vehicleId] as const,
  listening: (org: string, vehicleId: string) => ['listening', org, vehicleId] as const,
  notOffered: (org: string) => ['commands', org, 'not-offered'] as const,
};
