import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkKeys } from '@/lib/bulk/query-keys';
import { commandKeys } from '@/lib/commands/query-keys';
import { connectKeys } from '@/lib/connect/query-keys';
import { vehicleKeys } from '@/lib/vehicles/query-keys';
import { webhookKeys } from '@/lib/webhooks/query-keys';
import { isKeyPrefix, keysOfNotice, liveCovers } from './live-keys';
import { followedQueries, pausePollingWhileLive, reschedulePolling } from './live-polling';
import { setLiveStatus } from './live-status';

// The node test runner has no window: TanStack Query would take it for a server and schedule no polling.
environmentManager.setIsServer(() => false);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  setLiveStatus('off');
  vi.useRealTimers();
});

/** A query observed as a mounted hook would, polling every second; counts its reads. */
function poll(client: QueryClient, queryKey: readonly unknown[], refetchInterval: number | ((q: unknown) => number | false) = 1_000) {
  const queryFn = vi.fn(async () => ({ at: Date.now() }));
  const observer = new QueryObserver(client, { queryKey, queryFn, refetchInterval: refetchInterval as number, staleTime: 0 });
  const unsubscribe = observer.subscribe(() => {});
  return { queryFn, unsubscribe };
}

describe('polling as the fallback of the live stream', () => {
  it('stops polling a covered query while the stream is up, and polls it again once it is down', async () => {
    const client = pausePollingWhileLive(new QueryClient(), liveCovers);
    const history = poll(client, commandKeys.history('demo', 'veh-1', ''));
    await vi.advanceTimersByTimeAsync(3_050);
    const before = history.queryFn.mock.calls.length;
    expect(before).toBeGreaterThanOrEqual(3);

    setLiveStatus('live', 'demo');
    reschedulePolling(client);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(history.queryFn.mock.calls.length).toBe(before);

    setLiveStatus('reconnecting', 'demo');
    reschedulePolling(client);
    await vi.advanceTimersByTimeAsync(3_050);
    expect(history.queryFn.mock.calls.length).toBeGreaterThanOrEqual(before + 3);
    history.unsubscribe();
  });

  it('pauses a query observed before the stream started, once the stream is up (the stream loads after the first paint)', async () => {
    const client = new QueryClient();
    const history = poll(client, commandKeys.history('demo', 'veh-1', ''));
    await vi.advanceTimersByTimeAsync(2_050);
    pausePollingWhileLive(client, liveCovers);
    pausePollingWhileLive(client, liveCovers);
    setLiveStatus('live', 'demo');
    reschedulePolling(client);
    const before = history.queryFn.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(history.queryFn.mock.calls.length).toBe(before);

    setLiveStatus('reconnecting', 'demo');
    reschedulePolling(client);
    await vi.advanceTimersByTimeAsync(3_050);
    expect(history.queryFn.mock.calls.length).toBeGreaterThanOrEqual(before + 3);
    history.unsubscribe();
  });

  it('keeps polling what the stream does not cover, and what belongs to another organization', async () => {
    const client = pausePollingWhileLive(new QueryClient(), liveCovers);
    setLiveStatus('live', 'demo');
    const vehicles = poll(client, vehicleKeys.list('demo', ''));
    const otherOrg = poll(client, bulkKeys.job('northwind', 'job-1'));
    const covered = poll(client, bulkKeys.job('demo', 'job-1'));
    await vi.advanceTimersByTimeAsync(3_050);
    expect(vehicles.queryFn.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(otherOrg.queryFn.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(covered.queryFn.mock.calls.length).toBe(1);
  });

  it('names the covered queries a page follows, by their own interval, for a read when the stream opens', async () => {
    const client = pausePollingWhileLive(new QueryClient(), liveCovers);
    setLiveStatus('live', 'demo');
    poll(client, commandKeys.execution('demo', 'pending'), () => 1_000);
    poll(client, commandKeys.execution('demo', 'settled'), () => false);
    await vi.advanceTimersByTimeAsync(10);
    expect(followedQueries(client, [commandKeys.executions('demo')])).toEqual([commandKeys.execution('demo', 'pending')]);
  });
});

describe('keysOfNotice', () => {
  it('makes a command’s execution and the histories stale, at once', () => {
    const keys = keysOfNotice('demo', { kind: 'command', vehicleId: 'veh-1', executionId: 'exe-1' });
    expect(keys.now).toContainEqual(commandKeys.execution('demo', 'exe-1'));
    expect(keys.now).toContainEqual(commandKeys.all('demo'));
    expect(keys.fleet).toEqual([]);
  });

  it('covers the events panels: a vehicle’s, a command’s and the receiver’s (each applied event is a notice)', () => {
    setLiveStatus('live', 'demo');
    for (const key of [
      webhookKeys.vehicleEvents('demo', 'veh-1'),
      webhookKeys.executionEvents('demo', 'exe-1'),
      webhookKeys.receiver('demo'),
    ])
      expect(liveCovers(key)).toBe(true);
    expect(liveCovers(webhookKeys.vehicleEvents('northwind', 'veh-1'))).toBe(false);
  });

  it('reads a vehicle’s events and the receiver’s last events again when an event was applied', () => {
    const keys = keysOfNotice('demo', { kind: 'events', vehicleId: 'veh-1' });
    expect(keys.now).toEqual([webhookKeys.receiver('demo'), webhookKeys.vehicleEvents('demo', 'veh-1')]);
    expect(keysOfNotice('demo', { kind: 'events' }).now).toEqual([webhookKeys.receiver('demo')]);
  });

  it('reads a bulk job and the jobs list again when the job moves: the list stops polling while live', () => {
    const client = new QueryClient();
    const list = bulkKeys.list('demo', 'status=running');
    const job = bulkKeys.job('demo', 'job-1');
    client.setQueryData(list, { pages: [] });
    client.setQueryData(job, { job: {} });
    setLiveStatus('live', 'demo');
    expect(liveCovers(list)).toBe(true);
    for (const queryKey of keysOfNotice('demo', { kind: 'bulk', jobId: 'job-1' }).now)
      void client.invalidateQueries({ queryKey, refetchType: 'none' });
    expect(client.getQueryState(job)?.isInvalidated).toBe(true);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
  });

  it('reads the consent links (lists and the link’s page) again when a link moves, and they stop polling while live', () => {
    setLiveStatus('live', 'demo');
    for (const key of [connectKeys.list('demo', 'PENDING'), connectKeys.link('demo', 'link-1')]) {
      expect(liveCovers(key)).toBe(true);
      expect(keysOfNotice('demo', { kind: 'consent-link', linkId: 'link-1' }).now.some((prefix) => isKeyPrefix(prefix, key))).toBe(true);
    }
    expect(liveCovers(connectKeys.face('demo'))).toBe(false);
    expect(liveCovers(connectKeys.list('northwind', ''))).toBe(false);
  });

  it('leaves fleet-wide lists to the slower refresh when a vehicle’s figure moves', () => {
    const keys = keysOfNotice('demo', { kind: 'vehicle', vehicleId: 'veh-1' });
    expect(keys.fleet).toContainEqual(vehicleKeys.lists('demo'));
    expect(keys.now).not.toContainEqual(vehicleKeys.lists('demo'));
  });
});
