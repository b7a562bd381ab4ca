'use client';

import { Users } from 'lucide-react';
import { usePathname, useSearchParams } from 'next/navigation';
import { SidebarLink } from '@/components/layout/sidebar-link';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { useSavedViews } from '@/lib/views/query';
import { VIEW_ID_PARAM, viewHref } from '@/lib/views/saved-views';

/** The sidebar's second group: the member's own views and the organization's shared ones. */
export function SavedViewsNav({ org, onNavigate }: { org: string; onNavigate?: () => void }) {
  const views = useSavedViews(org);
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const current = pathname === `/o/${org}/vehicles` ? searchParams.get(VIEW_ID_PARAM) : null;
  // The views may arrive (fetched by the page) before the sidebar hydrates: none until hydrated.
  const inBrowser = useInBrowser();
  const list = (inBrowser ? views.data?.views : undefined) ?? [];
  return (
    <nav aria-labelledby="saved-views-heading" className="mt-4 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <h2 id="saved-views-heading" className="px-3 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        Saved views
      </h2>
      {inBrowser && views.isSuccess && list.length === 0 ? (
        <p className="px-3 py-1 text-xs text-zinc-600 dark:text-zinc-400">Save a filtered vehicles list to find it here.</p>
      ) : null}
      {inBrowser && views.isError ? (
        <p className="px-3 py-1 text-xs text-red-700 dark:text-red-400">The saved views could not be loaded.</p>
      ) : null}
      <ul className="max-h-[40vh] space-y-0.5 overflow-y-auto">
        {list.map((view) => {
          const active = current === view.id;
          return (
            <li key={view.id}>
              <SidebarLink
                href={viewHref(org, view)}
                active={active}
                onNavigate={onNavigate}
                className="flex items-center gap-2 px-3 py-1.5"
              >
                <span className="min-w-0 flex-1 truncate">{view.name}</span>
                {view.shared ? (
                  <>
                    <Users aria-hidden className="h-3.5 w-3.5 shrink-0 text-zinc-500 dark:text-zinc-400" />
                    <span className="sr-only">(shared)</span>
                  </>
                ) : null}
              </SidebarLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
