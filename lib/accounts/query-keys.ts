export const accountKeys = {
  all: (org: string) => ['accounts', org] as const,
  lists: (org: string) => ['accounts', org, 'list'] as const,
  list: (org: string, query: string) => ['accounts', org, 'list', query] as const,
  detail: (org: string, id: string) => ['accounts', org, 'detail', id] as const,
  /** Consent at a glance of an account, or of one of its vehicles. */
  consent: (org: string, id: string, vehicleId: string | null) => ['accounts', org, 'consent', id, vehicleId ?? ''] as const,
  /** Accounts Motorpool remembers that the Vehicle API no longer lists. */
  disconnected: (org: string) => ['accounts', org, 'disconnected'] as const,
};
