export const webhookKeys = {
  /** Every query of received events (a prefix). */
  events: (org: string) => ['events', org] as const,
  /** The webhook receiver and the last events received (the settings page). */
  receiver: (org: string) => ['events', org, 'receiver'] as const,
  /** The events received about one vehicle. */
  vehicleEvents: (org: string, vehicleId: string) => ['events', org, 'vehicle', vehicleId] as const,
  executionEvents: (org: string, executionId: string) => ['events', org, 'execution', executionId] as const,
};
