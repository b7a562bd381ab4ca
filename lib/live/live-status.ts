import { useSyncExternalStore } from 'react';

/** The tab's live stream: not opened (no console page), opening, up, or down and trying again. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

let current: { status: LiveStatus; org?: string } = { status: 'off' };
const listeners = new Set<() => void>();

function getLiveStatus(): LiveStatus {
  return current.status;
}

/** The stream's state and the organization it is open for. */
export function getLiveState(): { status: LiveStatus; org?: string } {
  return current;
}

/** The tab's stream for `org` changed state. */
export function setLiveStatus(status: LiveStatus, org?: string): void {
  if (status === current.status && org === current.org) return;
  current = { status, org };
  for (const listener of listeners) listener();
}

export function subscribeLiveStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The status for a component (the header's mark); `off` while the server renders. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, getLiveStatus, () => 'off');
}
