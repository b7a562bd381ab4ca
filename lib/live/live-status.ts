import type { QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { coveredKeys, isKeyPrefix } from './live-keys';

/** The tab's live stream: not opened (no console page), opening, up, or down and trying again. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

let current: { status: LiveStatus; org?: string } = { status: 'off' };
const listeners = new Set<() => void>();

function getLiveStatus(): LiveStatus {
  return current.status;
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

/** Whether the stream is up and keeps this query fresh (its polling then stops). */
export function liveCovers(key: QueryKey): boolean {
  const { status, org } = current;
  return status === 'live' && org !== undefined && coveredKeys(org).some((prefix) => isKeyPrefix(prefix, key));
}

/** The status for a component (the header's mark); `off` while the server renders. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, getLiveStatus, () => 'off');
}
