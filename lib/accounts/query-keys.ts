export const accountKeys = {
  all: (org: string) => ['accounts', org] as const,
  lists: (org: string) => ['accounts', org, 'list'] as const,
  list: (org: string, query: string) => ['accounts', org, 'list', query] as const,
  detail: (org: string, id: string) => ['accounts', org, 'detail', id] as const,
};
