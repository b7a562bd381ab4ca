'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import { SavedViewsNav } from '@/components/views/saved-views-nav';
import type { NavItem } from './nav-items';

export function SidebarNav({ org, items, onNavigate }: { org: string; items: NavItem[]; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <>
      <nav aria-label="Sections">
        <ul className="space-y-0.5">
          {items.map((item) => {
            const href = item.segment ? `/o/${org}/${item.segment}` : `/o/${org}`;
            const active = item.segment ? pathname === href || pathname.startsWith(`${href}/`) : pathname === href;
            return (
              <li key={item.segment}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-2 text-sm font-medium',
                    active
                      ? 'bg-accent-50 text-accent-700 dark:bg-zinc-800 dark:text-white'
                      : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {items.some((item) => item.segment === 'vehicles') ? <SavedViewsNav org={org} onNavigate={onNavigate} /> : null}
    </>
  );
}
