export const webhookKeys = {
  /** The webhook receiver and the last events received. */
  events: (org: string) => ['events', org] as const,
  /** The events received about one vehicle. */
  vehicleEvents: (org: string, vehicleId: string) => ['events', org, 'vehicle', vehicleId] as const,
  executionEvents: (org: string, executionId: string) => ['events', org, 'execution', executionId] as const,
};
