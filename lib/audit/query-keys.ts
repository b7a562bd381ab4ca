export const auditKeys = {
  list: (org: string, query: string) => ['audit', org, query] as const,
};
