'use client';

import { useLiveStatus, type LiveStatus } from '@/lib/live/live-status';
import { cn } from '@/components/ui/cn';

const LOOK: Record<Exclude<LiveStatus, 'off'>, { label: string; title: string; dot: string }> = {
  live: {
    label: 'Live',
    title: 'Changes appear as they happen.',
    dot: 'bg-emerald-500',
  },
  connecting: {
    label: 'Connecting…',
    title: 'Opening live updates; the page refreshes on its own meanwhile.',
    dot: 'bg-zinc-400',
  },
  reconnecting: {
    label: 'Reconnecting…',
    title: 'Live updates are down; the page refreshes on its own until they are back.',
    dot: 'bg-amber-500 motion-safe:animate-pulse',
  },
};

/**
 * The header's word on live updates: a dot and a word, never the colour alone. On a phone's
 * narrow header only trouble is worth the room the organization's name needs, so "Live" shows
 * from the small breakpoint up and the other states everywhere.
 */
export function LiveMark() {
  const status = useLiveStatus();
  if (status === 'off') return null;
  const look = LOOK[status];
  return (
    <span
      role="status"
      title={look.title}
      className={cn(
        status === 'live' ? 'hidden sm:inline-flex' : 'inline-flex',
        'shrink-0 items-center gap-1.5 rounded-full border border-zinc-200 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:border-zinc-700 dark:text-zinc-300',
      )}
    >
      <span aria-hidden className={cn('h-2 w-2 rounded-full', look.dot)} />
      {look.label}
    </span>
  );
}
