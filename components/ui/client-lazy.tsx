'use client';

import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useInBrowser } from '@/lib/hooks/use-in-browser';

/**
 * A component whose code loads in the browser when it is first drawn, `loading` (given the same
 * props) standing in for it meanwhile and in the server's HTML: what `next/dynamic` with
 * `ssr: false` does, without Next's loadable machinery (its preloading and server bail-out, about 2 kB gzip) in every page's first load.
 * A failed load reaches the nearest error boundary, as with `next/dynamic`.
 */
export function clientLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading: (props: P) => ReactNode = () => null,
): (props: P) => ReactNode {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  const Loading = loading;
  return function ClientLazy(props: P) {
    const inBrowser = useInBrowser();
    if (!inBrowser) return <Loading {...props} />;
    return (
      <Suspense fallback={<Loading {...props} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
