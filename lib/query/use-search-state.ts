'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';

type Pending = { base: ReturnType<typeof useSearchParams>; params: URLSearchParams };

/**
 * List state in the URL, so a view is shareable and Back works. Empty values are removed.
 * Native history calls (which Next.js syncs into useSearchParams) keep it a client-side change:
 * no server round trip for a list whose data the browser fetches itself.
 *
 * Next syncs the history call into useSearchParams in a transition, a render later. Until then
 * the hook answers with the params it just wrote, so controlled inputs do not snap back, and
 * each update starts from the address bar, so two quick changes never overwrite each other.
 */
export function useSearchState() {
  const pathname = usePathname();
  const fromUrl = useSearchParams();
  const [pending, setPending] = useState<Pending | null>(null);
  const searchParams = pending && pending.base === fromUrl ? pending.params : fromUrl;
  const update = useCallback(
    (changes: Record<string, string | undefined | null>, { push = false } = {}) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      const url = query ? `${pathname}?${query}` : pathname;
      if (push) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      setPending({ base: fromUrl, params: next });
    },
    [pathname, fromUrl],
  );
  return { searchParams, update };
}
