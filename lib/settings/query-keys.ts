export const settingsKeys = {
  settings: (org: string) => ['settings', org] as const,
};
