export const searchKeys = {
  results: (org: string, q: string) => ['search', org, q] as const,
};
