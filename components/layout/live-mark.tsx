'use client';

import { useLiveStatus, type LiveStatus } from '@/lib/live/live-status';
import { cn } from '@/components/ui/cn';
import { CloudOff } from 'lucide-react';

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
 * The header's word on live updates: a dot and a word, never the colour alone. A phone's narrow
 * header keeps its room for the organization's name: there only trouble shows, as an icon whose
 * shape says it (the word stays for screen readers and in the tooltip).
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
        status === 'reconnecting' ? 'inline-flex' : 'hidden sm:inline-flex',
        'shrink-0 items-center gap-1.5 rounded-full border border-zinc-200 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:border-zinc-700 dark:text-zinc-300',
      )}
    >
      {status === 'reconnecting' ? <CloudOff aria-hidden className="h-3.5 w-3.5 text-amber-600 sm:hidden dark:text-amber-400" /> : null}
      <span aria-hidden className={cn('h-2 w-2 rounded-full', status === 'reconnecting' && 'hidden sm:block', look.dot)} />
      <span className={status === 'reconnecting' ? 'sr-only sm:not-sr-only' : undefined}>{look.label}</span>
    </span>
  );
}
