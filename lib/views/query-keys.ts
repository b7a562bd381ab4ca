export const viewKeys = {
  list: (org: string) => ['views', org] as const,
};
