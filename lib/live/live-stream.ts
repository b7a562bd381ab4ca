import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { followedQueries, pausePollingWhileLive, reschedulePolling } from './live-polling';
import { coveredKeys, keysOfNotice, liveCovers, resyncKeys } from './live-keys';
import { setLiveStatus, subscribeLiveStatus } from './live-status';
import { readNotice } from './notice';

/** Reconnect delays: 1 s doubling to 30 s, each ±20 % so tabs a restart dropped do not return at once. */
export function reconnectDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * What a stream that just opened reads again. The first open: the queries the page follows (their
 * polling stops now, and they may have moved before the stream was up). A reopen that resumes
 * after its last event: the same, the server replays what was missed or sends `resync`. A reopen
 * that cannot resume (no notice came before the drop, so no Last-Event-ID): everything notices
 * keep fresh, as a resync would, since a query that polls only while something is pending (the
 * command history) would otherwise never show what changed while the stream was down.
 */
export function keysToReadOnOpen(org: string, open: { reopened: boolean; resuming: boolean }, followed: () => QueryKey[]): QueryKey[] {
  return open.reopened && !open.resuming ? resyncKeys(org) : followed();
}

/** No event (heartbeats come every 20 s) for this long: the connection is dead though the browser has not noticed. */
const SILENCE_MS = 50_000;
/** Fleet-wide lists and totals are read again at most this often however many figures arrive. */
const FLEET_REFRESH_MS = 5_000;

/** Invalidations gathered over a tick, the fleet-wide ones at most every FLEET_REFRESH_MS. */
function createInvalidator(client: QueryClient) {
  const now = new Map<string, QueryKey>();
  const fleet = new Map<string, QueryKey>();
  let nowTimer: ReturnType<typeof setTimeout> | undefined;
  let fleetTimer: ReturnType<typeof setTimeout> | undefined;
  let fleetAt = 0;
  const flush = (keys: Map<string, QueryKey>) => {
    for (const key of keys.values()) void client.invalidateQueries({ queryKey: key });
    keys.clear();
  };
  return {
    add(keys: { now: QueryKey[]; fleet: QueryKey[] }) {
      for (const key of keys.now) now.set(JSON.stringify(key), key);
      for (const key of keys.fleet) fleet.set(JSON.stringify(key), key);
      if (now.size > 0)
        nowTimer ??= setTimeout(() => {
          nowTimer = undefined;
          flush(now);
        }, 0);
      if (fleet.size > 0)
        fleetTimer ??= setTimeout(
          () => {
            fleetTimer = undefined;
            fleetAt = Date.now();
            flush(fleet);
          },
          Math.max(0, fleetAt + FLEET_REFRESH_MS - Date.now()),
        );
    },
    stop() {
      clearTimeout(nowTimer);
      clearTimeout(fleetTimer);
    },
  };
}

/**
 * The tab's one live stream for `org`: notices become invalidations of the queries that show what
 * changed, polling of the covered queries stops while the stream is up, and a stream that drops
 * comes back with backoff, resuming after its last event (Last-Event-ID).
 */
export function startLiveStream(org: string, client: QueryClient): () => void {
  pausePollingWhileLive(client, liveCovers);
  const invalidator = createInvalidator(client);
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let attempt = 0;
  let opens = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let waitingForVisible = false;
  let stopped = false;

  const heard = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => dropped(), SILENCE_MS);
  };
  const invalidate = (keys: QueryKey[]) => invalidator.add({ now: keys, fleet: [] });

  const connect = () => {
    if (stopped) return;
    retryTimer = undefined;
    const resuming = lastEventId !== undefined;
    const query = lastEventId !== undefined ? `?${new URLSearchParams({ lastEventId })}` : '';
    const opened = new EventSource(`/api/o/${encodeURIComponent(org)}/live${query}`);
    source = opened;
    opened.onopen = () => {
      attempt = 0;
      opens += 1;
      heard();
      setLiveStatus('live', org);
      invalidate(keysToReadOnOpen(org, { reopened: opens > 1, resuming }, () => followedQueries(client, coveredKeys(org))));
    };
    opened.addEventListener('notice', (event) => {
      heard();
      lastEventId = event.lastEventId || lastEventId;
      let notice;
      try {
        notice = readNotice(JSON.parse(event.data as string));
      } catch {
        notice = undefined;
      }
      if (notice) invalidator.add(keysOfNotice(org, notice));
    });
    opened.addEventListener('resync', () => {
      heard();
      invalidate(resyncKeys(org));
    });
    opened.addEventListener('heartbeat', heard);
    opened.addEventListener('close', (event) => {
      // The server ended the stream on purpose: renew at once, after an idle close only once the tab is seen.
      opened.close();
      clearTimeout(silenceTimer);
      if ((event as MessageEvent).data === 'restart') dropped();
      else if (document.visibilityState === 'visible') connect();
      else {
        waitingForVisible = true;
        setLiveStatus('reconnecting', org);
      }
    });
    opened.onerror = () => dropped();
  };

  function dropped() {
    source?.close();
    source = undefined;
    clearTimeout(silenceTimer);
    if (stopped || retryTimer) return;
    setLiveStatus('reconnecting', org);
    attempt += 1;
    retryTimer = setTimeout(connect, reconnectDelayMs(attempt));
  }

  const onVisible = () => {
    if (document.visibilityState !== 'visible' || !waitingForVisible) return;
    waitingForVisible = false;
    connect();
  };
  document.addEventListener('visibilitychange', onVisible);
  const unsubscribe = subscribeLiveStatus(() => reschedulePolling(client));
  setLiveStatus('connecting', org);
  connect();

  return () => {
    stopped = true;
    source?.close();
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    invalidator.stop();
    document.removeEventListener('visibilitychange', onVisible);
    setLiveStatus('off');
    unsubscribe();
    reschedulePolling(client);
  };
}
