'use client';

import { clientLazy } from '@/components/ui/client-lazy';

// The list and the query it needs load after the first paint, off every page's first load.
const SavedViewsList = clientLazy(() => import('./saved-views-list').then((m) => m.SavedViewsList));

/** The sidebar's second group: the member's own views and the organization's shared ones. */
export function SavedViewsNav({ org, onNavigate }: { org: string; onNavigate?: () => void }) {
  return (
    <nav aria-labelledby="saved-views-heading" className="mt-4 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <h2 id="saved-views-heading" className="px-3 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        Saved views
      </h2>
      <SavedViewsList org={org} onNavigate={onNavigate} />
    </nav>
  );
}
