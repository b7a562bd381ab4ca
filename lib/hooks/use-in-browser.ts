'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during the server render and hydration, true once in the browser: for what depends on the
 * viewer's clock, time zone, locale or theme, so the first client render matches the server's.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
