/**
 * The tab's open live streams, so that sign-out closes them before the session ends: a stream the
 * server ends with the session would reopen at once and be refused (401), an error in the browser
 * while the page is still leaving. Once closed, no stream starts again in this page.
 */
const stops = new Set<() => void>();
let closed = false;

/** Starts a stream unless the streams were closed; answers how to stop it, or undefined. */
export function keepLiveStream(start: () => () => void): (() => void) | undefined {
  if (closed) return undefined;
  const stop = start();
  stops.add(stop);
  return () => {
    if (stops.delete(stop)) stop();
  };
}

/** Stops every open stream and any started later in this page. */
export function closeLiveStreams(): void {
  closed = true;
  for (const stop of [...stops]) stop();
  stops.clear();
}
