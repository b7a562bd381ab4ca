export const settingsKeys = {
  settings: (org: string) => ['settings', org] as const,
  tariff: (org: string) => ['settings', org, 'tariff'] as const,
};
