import type { QueryKey } from '@tanstack/react-query';
import { bulkKeys } from '@/lib/bulk/query-keys';
import { commandKeys } from '@/lib/commands/query-keys';
import { connectKeys } from '@/lib/connect/query-keys';
import { notificationKeys } from '@/lib/notifications/query-keys';
import { fleetKeys } from '@/lib/overview/query-keys';
import { vehicleKeys } from '@/lib/vehicles/query-keys';
import { webhookKeys } from '@/lib/webhooks/query-keys';
import { getLiveState } from './live-status';
import type { LiveNotice } from './notice';

/**
 * The queries whose polling the stream replaces: every change they show is published as a
 * notice (lib/live/server/publish-change.ts callers), so while the stream is up they stop polling.
 */
export function coveredKeys(org: string): QueryKey[] {
  return [
    commandKeys.all(org),
    commandKeys.executions(org),
    bulkKeys.all(org),
    webhookKeys.events(org),
    notificationKeys.inbox(org),
    notificationKeys.unread(org),
    connectKeys.links(org),
  ];
}

/** Whether the stream is up and keeps this query fresh (its polling then stops). */
export function liveCovers(key: QueryKey): boolean {
  const { status, org } = getLiveState();
  return status === 'live' && org !== undefined && coveredKeys(org).some((prefix) => isKeyPrefix(prefix, key));
}

/**
 * What a notice makes stale. `now` keys are read again at once; `fleet` keys (lists and totals
 * over the whole fleet, which every pushed figure touches) at most every few seconds.
 */
export function keysOfNotice(org: string, notice: LiveNotice): { now: QueryKey[]; fleet: QueryKey[] } {
  switch (notice.kind) {
    case 'command':
      return {
        now: [commandKeys.execution(org, notice.executionId), commandKeys.all(org), webhookKeys.executionEvents(org, notice.executionId)],
        fleet: [],
      };
    case 'bulk':
      // The job's page, and the jobs list that shows its counts (its polling stops while live too).
      return { now: [bulkKeys.job(org, notice.jobId), bulkKeys.lists(org)], fleet: [] };
    case 'vehicle':
      return { now: [], fleet: [vehicleKeys.lists(org), fleetKeys.overview(org), fleetKeys.positions(org)] };
    case 'events':
      return {
        now: [webhookKeys.receiver(org), ...(notice.vehicleId ? [webhookKeys.vehicleEvents(org, notice.vehicleId)] : [])],
        fleet: [],
      };
    case 'notification':
      return { now: [notificationKeys.inbox(org), notificationKeys.unread(org)], fleet: [] };
    case 'consent-link':
      // The lists and the link's own page (an owner's return settles it).
      return { now: [connectKeys.links(org)], fleet: [] };
  }
}

/** Everything notices keep fresh: read again when the stream cannot replay what it missed. */
export function resyncKeys(org: string): QueryKey[] {
  return [...coveredKeys(org), vehicleKeys.lists(org), fleetKeys.overview(org), fleetKeys.positions(org)];
}

export function isKeyPrefix(prefix: QueryKey, key: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => part === key[i]);
}
