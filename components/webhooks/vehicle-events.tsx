'use client';

import { useState } from 'react';
import { QuerySectionCard, QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import type { VehicleEventView } from '@/lib/webhooks/webhook-events';
import { useExecutionEvents, useVehicleEvents } from '@/lib/webhooks/events-query';

/** What an event said, in a few words (the metric of a telemetry event, the status of a command). */
function summary(event: VehicleEventView): string {
  const data = (event.payload?.data ?? {}) as Record<string, unknown>;
  if (event.type === 'device.telemetry' && typeof data.metricType === 'string') return data.metricType;
  if (event.type === 'command.updated' && typeof data.status === 'string')
    return [data.command, data.status].filter((v) => typeof v === 'string').join(' ');
  if (event.type === 'rate_limit.updated' && typeof data.key === 'string')
    return `${data.key}: ${String(data.remaining_requests)} of ${String(data.max_requests)} left`;
  if (event.type === 'alert.updated' && typeof data.status === 'string') {
    const code = (data.definition as { code?: unknown } | null | undefined)?.code;
    return [typeof code === 'string' ? code : null, data.status].filter(Boolean).join(' ');
  }
  return event.detail ?? '';
}

/** Events as a list, newest first, each with its time, type, gist and (for `raw.read`) the event as received. */
function EventList({ events }: { events: VehicleEventView[] }) {
  return (
    <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
      {events.map((event) => (
        <li key={event.id} className="py-2">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <Time value={event.receivedAt} compact />
            <span className="font-mono text-xs">{event.type}</span>
            <span className="min-w-0 break-all text-zinc-600 dark:text-zinc-400">{summary(event)}</span>
            {event.outcome ? <span className="text-xs text-zinc-600 dark:text-zinc-400">({event.outcome})</span> : null}
          </div>
          {event.payload ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-400">Raw event</summary>
              <pre className="mt-1 max-h-64 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800" tabIndex={0}>
                {JSON.stringify(event.payload, null, 2)}
              </pre>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The events received about one command execution (`command.updated`), for support: collapsed
 * under the execution, read when opened, the event as received for `raw.read`.
 */
export function ExecutionEvents({ org, executionId, settled }: { org: string; executionId: string; settled: boolean }) {
  const [open, setOpen] = useState(false);
  const events = useExecutionEvents(org, executionId, { enabled: open, settled });
  return (
    <details className="mt-2 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-400">Events received about this command</summary>
      <div className="mt-1" aria-label="Events received about this command" role="region">
        <QueryState
          query={events}
          loading="Loading events"
          loadingRows={1}
          empty={{
            when: (data) => data.events.length === 0,
            show: <p className="text-xs text-zinc-600 dark:text-zinc-400">No event about this command yet (kept seven days).</p>,
          }}
        >
          {(data) => <EventList events={data.events} />}
        </QueryState>
      </div>
    </details>
  );
}

/** The vehicle's page: the last events the Vehicle API pushed about it, with the event as received for `raw.read`. */
export function VehicleEvents({ org, vehicleId }: { org: string; vehicleId: string }) {
  const events = useVehicleEvents(org, vehicleId);
  return (
    <QuerySectionCard
      id="vehicle-events-heading"
      title="Events received"
      description="Pushed by the Vehicle API (webhooks), newest first; kept seven days."
      query={events}
      loading="Loading events"
      loadingRows={2}
      empty={{
        when: (data) => data.events.length === 0,
        show: <EmptyState title="No events about this vehicle">Events appear here once the organization receives webhooks.</EmptyState>,
      }}
    >
      {(data) => <EventList events={data.events} />}
    </QuerySectionCard>
  );
}
