'use client';

import { Menu, X } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { StepUpPrompt } from '@/components/profile/step-up-prompt';
import { CommandPaletteButton } from '@/components/search/command-palette-button';
import { Button } from '@/components/ui/button';
import { useLiveStream } from '@/lib/live/use-live-stream';
import { DemoBadge } from './demo-badge';
import type { NavItem } from './nav-items';
import { OrgSwitcher, type OrgOption } from './org-switcher';
import { SidebarNav } from './sidebar-nav';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

// Nothing to show until the stream, which loads after the first paint, says how it is.
const LiveMark = clientLazy(() => import('./live-mark').then((m) => m.LiveMark));

type ConsoleShellProps = {
  org: string;
  orgs: OrgOption[];
  nav: NavItem[];
  user: { email: string; role: string };
  /** The demo (embedded sandbox): the top bar says so. */
  demo?: boolean;
  children: ReactNode;
};

export function ConsoleShell({ org, orgs, nav, user, demo = false, children }: ConsoleShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // One live stream per open console tab, for the organization on screen.
  useLiveStream(org);
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr] print:block">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <aside
        className={`${menuOpen ? 'block' : 'hidden'} print:hidden border-b border-zinc-200 bg-white p-3 lg:sticky lg:top-0 lg:block lg:h-screen lg:border-r lg:border-b-0 dark:border-zinc-800 dark:bg-zinc-900`}
      >
        <Link href={`/o/${org}`} className="mb-4 hidden items-center gap-2 px-3 py-2 text-base font-semibold lg:flex">
          <svg aria-hidden viewBox="0 0 32 32" className="h-6 w-6">
            <rect width="32" height="32" rx="7" className="fill-accent-600" />
            <path
              d="M7 21v-9l4.5 6L16 12l4.5 6L25 12v9"
              fill="none"
              stroke="#fff"
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Motorpool
        </Link>
        <SidebarNav org={org} items={nav} onNavigate={() => setMenuOpen(false)} />
      </aside>
      <div className="min-w-0 lg:col-start-2 lg:row-start-1">
        <header className="sticky top-0 z-30 flex print:hidden h-14 items-center gap-2 border-b border-zinc-200 bg-white/90 px-3 backdrop-blur sm:px-6 dark:border-zinc-800 dark:bg-zinc-900/90">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="h-4 w-4" /> : <Menu aria-hidden className="h-4 w-4" />}
          </Button>
          <OrgSwitcher current={org} orgs={orgs} />
          {demo ? <DemoBadge /> : null}
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <LiveMark />
            <CommandPaletteButton org={org} nav={nav} />
            <NotificationBell org={org} />
            <ThemeToggle />
            <UserMenu email={user.email} role={user.role} />
          </div>
        </header>
        <main id="content" className="mx-auto max-w-7xl p-3 sm:p-6">
          {children}
        </main>
        <StepUpPrompt />
      </div>
    </div>
  );
}
