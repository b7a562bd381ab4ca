/** What Settings shows of one received event (no payload: that is the raw view's, with raw.read). */
export type WebhookEventView = {
  id: string;
  webhookId: string;
  type: string;
  vehicleId: string | null;
  receivedAt: string;
  outcome: string | null;
  detail: string | null;
};

export type WebhookSettingsView = {
  /** Paste this into the vendor's portal as the endpoint URL. */
  receiverUrl: string;
  hasSecret: boolean;
  /** False: command outcomes come from events only (no status calls upstream). */
  commandPolling: boolean;
  /** The embedded sandbox serves this organization: a test event can be sent from here. */
  canSendTest: boolean;
  events: WebhookEventView[];
};

/** The type of the test event Settings sends: recorded like any other, applied as nothing. */
export const TEST_EVENT_TYPE = 'motorpool.test';

/** One event about a vehicle; `payload` (the event as received) only for those with `raw.read`. */
export type VehicleEventView = WebhookEventView & { occurredAt: string | null; payload?: Record<string, unknown> };
