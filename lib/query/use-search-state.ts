'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

/**
 * List state in the URL, so a view is shareable and Back works. Empty values are removed.
 * Native history calls (which Next.js syncs into useSearchParams) keep it a client-side change:
 * no server round trip for a list whose data the browser fetches itself.
 */
export function useSearchState() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | undefined | null>, { push = false } = {}) => {
      const next = new URLSearchParams(searchParams.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      const url = query ? `${pathname}?${query}` : pathname;
      if (push) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    },
    [pathname, searchParams],
  );
  return { searchParams, update };
}
