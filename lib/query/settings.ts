export const settingsKeys = {
  settings: (org: string) => ['settings', org] as const,
  members: (org: string) => ['members', org] as const,
  /** The webhook receiver and the last events received. */
  events: (org: string) => ['events', org] as const,
};
