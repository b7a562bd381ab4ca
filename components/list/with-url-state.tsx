'use client';

import { NuqsAdapter } from 'nuqs/adapters/next/app';
import type { ComponentType } from 'react';

/**
 * A component whose state lives in the URL through nuqs, inside nuqs's Next.js adapter. The
 * adapter wraps these lists rather than the whole console: in the root providers it adds about
 * 4 kB gzip to the first load of every page, most of which keep no list state in the URL, and
 * several vehicle pages would pass the 200 kB budget for it.
 */
export function withUrlState<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithUrlState(props: P) {
    return (
      <NuqsAdapter>
        <Component {...props} />
      </NuqsAdapter>
    );
  }
  WithUrlState.displayName = `withUrlState(${Component.displayName ?? Component.name})`;
  return WithUrlState;
}
