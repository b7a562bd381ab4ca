import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { isKeyPrefix } from './live-keys';

type Interval = number | false | undefined;
type IntervalOption = Interval | ((query: Query) => Interval);

/** Which query keys the stream covers right now (none while it is down). */
export type CoveredNow = (key: QueryKey) => boolean;

/** Each paused interval and the hook's own, which decides whenever the stream does not cover the key. */
const own = new WeakMap<object, IntervalOption>();

function resolve(option: IntervalOption, query: Query): Interval {
  return typeof option === 'function' ? option(query) : option;
}

function pausedWhileCovered(option: IntervalOption, coveredNow: CoveredNow): IntervalOption {
  if (option === undefined || option === false || (typeof option === 'function' && own.has(option))) return option;
  const paused = (query: Query) => (coveredNow(query.queryKey) ? false : resolve(option, query));
  own.set(paused, option);
  return paused;
}

const paused = new WeakSet<QueryClient>();

/**
 * Polling as the fallback of the live stream: each query's `refetchInterval` (whatever its hook
 * says) answers `false` while `coveredNow` says the stream keeps that key fresh, and its own value
 * otherwise. Done on the tab's query client when its stream first starts (once; later calls change
 * nothing), so no domain hook needs to know about the stream. Queries already observed take it up
 * at the next `reschedulePolling`.
 */
export function pausePollingWhileLive(client: QueryClient, coveredNow: CoveredNow): QueryClient {
  if (paused.has(client)) return client;
  paused.add(client);
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    const refetchInterval = pausedWhileCovered(defaulted.refetchInterval as IntervalOption, coveredNow);
    return refetchInterval === defaulted.refetchInterval ? defaulted : { ...defaulted, refetchInterval };
  }) as typeof client.defaultQueryOptions;
  return client;
}

/** After the stream went up or down: every observer computes its interval again (stopping or resuming its timer). */
export function reschedulePolling(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) {
    for (const observer of query.observers) observer.setOptions(observer.options);
  }
}

/** The queries under `prefixes` a page is following now (their own interval runs): read again when the stream (re)opens. */
export function followedQueries(client: QueryClient, prefixes: QueryKey[]): QueryKey[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => prefixes.some((prefix) => isKeyPrefix(prefix, query.queryKey)))
    .filter((query) =>
      query.observers.some((observer) => {
        const option = observer.options.refetchInterval as IntervalOption;
        const interval = resolve(typeof option === 'function' && own.has(option) ? own.get(option) : option, query as Query);
        return typeof interval === 'number' && interval > 0;
      }),
    )
    .map((query) => query.queryKey);
}
