'use client';

import { ChevronDown, UserRound } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import { Popover } from '@/components/list/popover';

const loadPanel = () => import('./user-menu-panel').then((m) => m.UserMenuPanel);
// Every console page carries the menu's button; what it opens loads as a pointer or focus comes to the button.
const UserMenuPanel = clientLazy(loadPanel, () => <p className="px-2 py-1.5 text-xs text-zinc-600 dark:text-zinc-400">Loading…</p>);

/**
 * The account panel: a disclosure (button + panel), the WAI-ARIA pattern for a small panel of
 * information and actions. Escape, a click outside or focus leaving closes it.
 */
export function UserMenu({ email, role }: { email: string; role: string }) {
  return (
    <Popover
      triggerLabel={`Account menu for ${email}`}
      triggerClassName="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
      trigger={
        <>
          <UserRound aria-hidden className="h-4 w-4 sm:hidden" />
          <span className="hidden max-w-48 truncate sm:inline">{email}</span>
          <ChevronDown aria-hidden className="h-4 w-4" />
        </>
      }
      panelLabel="Account"
      panelClassName="absolute right-0 z-50 mt-1.5 w-max min-w-48 rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      closeWhenFocusLeaves
      onIntent={() => void loadPanel()}
    >
      {() => <UserMenuPanel email={email} role={role} />}
    </Popover>
  );
}
