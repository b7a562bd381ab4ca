'use client';

import { Users } from 'lucide-react';
import { usePathname, useSearchParams } from 'next/navigation';
import { SidebarLink } from '@/components/layout/sidebar-link';
import { useSavedViews } from '@/lib/views/query';
import { VIEW_ID_PARAM, viewHref } from '@/lib/views/saved-views';

/** The member's own views and the organization's shared ones, as sidebar links. */
export function SavedViewsList({ org, onNavigate }: { org: string; onNavigate?: () => void }) {
  const views = useSavedViews(org);
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const current = pathname === `/o/${org}/vehicles` ? searchParams.get(VIEW_ID_PARAM) : null;
  const list = views.data?.views ?? [];
  return (
    <>
      {views.isSuccess && list.length === 0 ? (
        <p className="px-3 py-1 text-xs text-zinc-600 dark:text-zinc-400">Save a filtered vehicles list to find it here.</p>
      ) : null}
      {views.isError ? <p className="px-3 py-1 text-xs text-red-700 dark:text-red-400">The saved views could not be loaded.</p> : null}
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
    </>
  );
}
