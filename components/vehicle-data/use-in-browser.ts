'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False during the server render: views whose defaults depend on the viewer's clock and time zone wait for the browser. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
