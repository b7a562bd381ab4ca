/** The overview's word on events: null when all is well or events are not set up. */
export type EventsNotice = {
  /** When the last event arrived; null when none ever did. */
  lastReceivedAt: string | null;
  silenceMinutes: number;
  /** Polling is switched off too: command outcomes are not learned at all until events return. */
  pollingOff: boolean;
};

/**
 * Events stopped: the organization has a signing secret, some vehicles listen (so the service has
 * something to report), and no event arrived for `silenceMinutes` (or none ever did).
 */
export function eventsNotice(input: {
  hasSecret: boolean;
  commandPolling: boolean;
  listeningVehicles: number;
  lastReceivedAt: Date | null;
  now: number;
  silenceMinutes: number;
}): EventsNotice | null {
  if (!input.hasSecret || input.listeningVehicles === 0) return null;
  if (input.lastReceivedAt && input.now - input.lastReceivedAt.getTime() < input.silenceMinutes * 60_000) return null;
  return {
    lastReceivedAt: input.lastReceivedAt?.toISOString() ?? null,
    silenceMinutes: input.silenceMinutes,
    pollingOff: !input.commandPolling,
  };
}
