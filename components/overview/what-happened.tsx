'use client';

import Link from 'next/link';
import { SectionCard } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import type { FleetOverview } from '@/lib/vehicles/types';

const linkClass = 'text-accent-700 underline-offset-2 hover:underline dark:text-accent-100';

/** The newest failed or outcome-unknown commands of the counted 24 hours, each with its reason in plain words. */
function CommandProblems({ org, problems }: { org: string; problems: FleetOverview['problems'] }) {
  const slug = encodeURIComponent(org);
  return (
    <SectionCard
      id="problems-heading"
      title="Failed or unknown commands"
      description="The newest of the last 24 hours, from Motorpool’s command records."
      actions={
        <Link className={`text-sm ${linkClass}`} href={`/o/${slug}/commands?state=failed`}>
          All failed commands
        </Link>
      }
    >
      {problems.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No command failed or lost its outcome in the last 24 hours.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" aria-label="Failed or unknown commands">
          {problems.map((p) => (
            <li key={p.id} className="space-y-0.5 py-2" data-testid="command-problem">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge tone={p.outcome === 'failed' ? 'danger' : 'neutral'}>
                  {p.outcome === 'failed' ? 'Failed' : 'Unknown'}
                </StatusBadge>
                <Link
                  className={`font-medium ${linkClass}`}
                  href={`/o/${slug}/commands?state=${p.outcome === 'failed' ? 'failed' : 'unknown'}&command=${encodeURIComponent(p.command)}`}
                >
                  {p.commandLabel}
                </Link>
                <span>on</span>
                <Link className={`font-mono text-xs ${linkClass}`} href={`/o/${slug}/vehicles/${encodeURIComponent(p.vehicleId)}`}>
                  {p.vehicleId}
                </Link>
              </div>
              <p>
                {p.reason}
                {p.code ? <span className="ml-1 font-mono text-xs text-zinc-600 dark:text-zinc-400">{p.code}</span> : null}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                <Time value={p.requestedAt} relative /> · {p.sentBy ? `sent by ${p.sentBy}` : 'sender unknown'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** The signed-in member's unread notifications; the inbox marks them read. */
function OpenNotifications({ org, notifications }: { org: string; notifications: FleetOverview['notifications'] }) {
  const inbox = `/o/${encodeURIComponent(org)}/notifications`;
  return (
    <SectionCard
      id="open-notifications-heading"
      title="Your open notifications"
      description={notifications.unread === 0 ? 'Nothing unread.' : `${notifications.unread} unread`}
      actions={
        <Link className={`text-sm ${linkClass}`} href={inbox}>
          Open the inbox
        </Link>
      }
    >
      {notifications.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">You have read everything the notification rules sent you.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" aria-label="Unread notifications">
          {notifications.items.map((n) => (
            <li key={n.id} className="space-y-0.5 py-2" data-testid="open-notification">
              <Link className={`font-medium ${linkClass}`} href={inbox}>
                {n.title}
              </Link>
              {n.body ? <p className="text-zinc-700 dark:text-zinc-300">{n.body}</p> : null}
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                <Time value={n.createdAt} relative />
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** What happened, beside the day's counts: failed commands and the member's open notifications. */
export function WhatHappened({ org, overview }: { org: string; overview: Pick<FleetOverview, 'problems' | 'notifications'> }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CommandProblems org={org} problems={overview.problems} />
      <OpenNotifications org={org} notifications={overview.notifications} />
    </div>
  );
}
