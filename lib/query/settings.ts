export const settingsKeys = {
  settings: (org: string) => ['settings', org] as const,
  members: (org: string) => ['members', org] as const,
};
