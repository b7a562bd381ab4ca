'use client';

import { Bell } from 'lucide-react';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

/** The bell's link to the inbox, with the member's unread count when there is one. */
export function BellLink({ org, unread }: { org: string; unread: number }) {
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      className={buttonClass({ variant: 'ghost', size: 'icon', className: 'relative' })}
      href={`/o/${org}/notifications`}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      data-testid="notification-bell"
    >
      <Bell aria-hidden className="h-4 w-4" />
      {unread > 0 ? (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-700 px-1 text-center text-[10px] leading-4 font-semibold text-white"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
