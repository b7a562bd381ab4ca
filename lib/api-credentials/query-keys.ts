export const apiCredentialKeys = {
  list: (org: string) => ['api-credentials', org] as const,
};
