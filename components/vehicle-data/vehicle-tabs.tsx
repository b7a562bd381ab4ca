'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { cn } from '@/components/ui/cn';

/** The sections of the vehicle page, each its own URL (so Back, links and reloads land on it). */
export const VEHICLE_TABS = [
  { segment: '', label: 'Overview' },
  { segment: 'telemetry', label: 'Telemetry' },
  { segment: 'journeys', label: 'Journeys' },
  { segment: 'charging', label: 'Charging' },
  { segment: 'battery', label: 'Battery' },
  { segment: 'alerts', label: 'Alerts' },
  { segment: 'maintenance', label: 'Maintenance' },
  { segment: 'details', label: 'Options and specifications' },
  { segment: 'rate-limits', label: 'Rate limits' },
] as const;

export function vehicleTabHref(org: string, vehicleId: string, segment: string): string {
  const base = `/o/${org}/vehicles/${encodeURIComponent(vehicleId)}`;
  return segment ? `${base}/${segment}` : base;
}

export function VehicleTabs({ org, vehicleId }: { org: string; vehicleId: string }) {
  const pathname = usePathname();
  const activeRef = useRef<HTMLAnchorElement>(null);
  const navRef = useRef<HTMLElement>(null);
  // On a narrow screen the active tab may sit beyond the scrolled edge: scroll the tab strip
  // (only it: scrollIntoView would also move the page to the tabs).
  useEffect(() => {
    const tab = activeRef.current;
    const strip = navRef.current;
    if (tab && strip) strip.scrollLeft = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav
      ref={navRef}
      aria-label="Vehicle sections"
      className="relative -mx-3 overflow-x-auto border-b border-zinc-200 px-3 sm:mx-0 sm:px-0 dark:border-zinc-800"
    >
      <ul className="flex min-w-max gap-1">
        {VEHICLE_TABS.map((tab) => {
          const href = vehicleTabHref(org, vehicleId, tab.segment);
          const active = pathname === href || decodeURIComponent(pathname) === decodeURIComponent(href);
          return (
            <li key={tab.segment}>
              <Link
                href={href}
                ref={active ? activeRef : undefined}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  active
                    ? 'border-accent-600 text-accent-700 dark:border-accent-500 dark:text-white'
                    : 'border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
