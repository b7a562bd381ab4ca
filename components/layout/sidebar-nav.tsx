'use client';

import { usePathname } from 'next/navigation';
import { SavedViewsNav } from '@/components/views/saved-views-nav';
import type { NavItem } from './nav-items';
import { SidebarLink } from './sidebar-link';

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
                <SidebarLink href={href} active={active} onNavigate={onNavigate} className="block px-3 py-2 font-medium">
                  {item.label}
                </SidebarLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {items.some((item) => item.segment === 'vehicles') ? <SavedViewsNav org={org} onNavigate={onNavigate} /> : null}
    </>
  );
}
