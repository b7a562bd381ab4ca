export const memberKeys = {
  members: (org: string) => ['members', org] as const,
  invitations: (org: string) => ['invitations', org] as const,
};
