'use client';

import { CheckCheck, CircleCheck, CircleAlert } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { KIND_LABELS } from '@/lib/notifications/kinds';
import type { NotificationView } from '@/lib/notifications/inbox';
import { useInbox, useMarkRead } from '@/lib/notifications/query';

function InboxEntry({ entry, onOpen }: { entry: NotificationView; onOpen: (entry: NotificationView) => void }) {
  const Icon = entry.cleared ? CircleCheck : CircleAlert;
  return (
    <li
      className={`flex items-start gap-3 px-3 py-3 ${entry.read ? '' : 'bg-accent-50/60 dark:bg-zinc-800/60'}`}
      data-testid="notification"
      data-read={entry.read}
    >
      <Icon
        aria-hidden
        className={`mt-0.5 h-4 w-4 shrink-0 ${entry.cleared ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400'}`}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {entry.read ? null : <span className="sr-only">Unread: </span>}
          {entry.href ? (
            <Link href={entry.href} className="hover:underline" onClick={() => onOpen(entry)}>
              {entry.title}
            </Link>
          ) : (
            entry.title
          )}
        </p>
        {entry.body ? <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{entry.body}</p> : null}
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {KIND_LABELS[entry.kind]} · <Time value={entry.createdAt} compact />
        </p>
      </div>
      {entry.read ? null : (
        <Button variant="secondary" size="xs" className="shrink-0" onClick={() => onOpen(entry)}>
          Mark read
        </Button>
      )}
    </li>
  );
}

/** The member's inbox: newest first, unread marked, each entry leading to its vehicle or job. */
export function NotificationInbox({ org }: { org: string }) {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const inbox = useInbox(org, unreadOnly);
  const markRead = useMarkRead(org);
  const entries = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const open = (entry: NotificationView) => {
    if (!entry.read) markRead.mutate({ ids: [entry.id] });
  };
  const markAll = () =>
    markRead.mutate(
      { all: true },
      { onSuccess: ({ changed }) => toast.success(`${changed} marked read`), onError: (e) => toast.error(e.message) },
    );

  return (
    <section aria-label="Inbox" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Show" className="flex gap-1">
          <Button size="sm" variant={unreadOnly ? 'secondary' : 'primary'} aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>
            All
          </Button>
          <Button size="sm" variant={unreadOnly ? 'primary' : 'secondary'} aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>
            Unread ({unread})
          </Button>
        </div>
        <Button size="sm" variant="secondary" className="ml-auto" disabled={unread === 0 || markRead.isPending} onClick={markAll}>
          <CheckCheck aria-hidden className="h-4 w-4" />
          Mark all read
        </Button>
      </div>
      {inbox.isPending ? (
        <LoadingRows label="Loading notifications" rows={4} />
      ) : inbox.isError ? (
        <ErrorState title="The inbox could not be read" error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title={unreadOnly ? 'Nothing left to read' : 'No notifications yet'}>
          The rules below decide what reaches you: failed commands you sent, silent vehicles, critical alerts.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {entries.map((entry) => (
            <InboxEntry key={entry.id} entry={entry} onOpen={open} />
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <Button variant="secondary" size="sm" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          Show older
        </Button>
      ) : null}
    </section>
  );
}
