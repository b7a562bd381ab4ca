'use client';

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { commandLabel } from '@/lib/commands/catalog';
import { TERMINAL_STATES, type ExecutionView } from '@/lib/commands/execution-view';
import { explainFailedReason } from '@/lib/commands/failed-reasons';
import { useExecution } from '@/lib/query/use-execution';

type Watcher = { watch: (execution: ExecutionView) => void };
const WatcherContext = createContext<Watcher | null>(null);
const storageKey = (org: string) => `motorpool:watched-executions:${org}`;

/**
 * Keeps following the commands sent from this tab while the person moves around the console, and
 * says in a toast how each one ended, wherever they are by then.
 */
export function ExecutionWatcherProvider({ org, children }: { org: string; children: ReactNode }) {
  const [watched, setWatched] = useState<ExecutionView[]>([]);
  useEffect(() => {
    const saved = sessionStorage.getItem(storageKey(org));
    // Restoring from sessionStorage can only happen after mount; a reload keeps watching.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saved) setWatched(JSON.parse(saved) as ExecutionView[]);
  }, [org]);
  useEffect(() => {
    sessionStorage.setItem(storageKey(org), JSON.stringify(watched));
  }, [org, watched]);

  const watch = useCallback((execution: ExecutionView) => {
    setWatched((list) => (list.some((e) => e.id === execution.id) ? list : [...list, execution]));
  }, []);
  const settle = useCallback((id: string) => setWatched((list) => list.filter((e) => e.id !== id)), []);
  const value = useMemo(() => ({ watch }), [watch]);

  return (
    <WatcherContext.Provider value={value}>
      {children}
      {watched.map((execution) => (
        <WatchOne key={execution.id} org={org} execution={execution} onSettled={settle} />
      ))}
    </WatcherContext.Provider>
  );
}

function WatchOne({ org, execution, onSettled }: { org: string; execution: ExecutionView; onSettled: (id: string) => void }) {
  const queryClient = useQueryClient();
  const { data } = useExecution(org, execution.id, execution);
  const state = data?.state;
  useEffect(() => {
    if (!data || !TERMINAL_STATES.has(data.state)) return;
    const what = `${commandLabel(data.command)} on ${data.vehicleId}`;
    if (data.state === 'executed') toast.success(`${what}: executed.`);
    else if (data.state === 'failed') toast.error(`${what} failed: ${explainFailedReason(data.failedReason).title}`);
    else toast.warning(`${what}: outcome ${data.state}.`);
    void queryClient.invalidateQueries({ queryKey: ['commands', org] });
    onSettled(data.id);
    // Only a change of state matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return null;
}

export function useExecutionWatcher(): Watcher {
  const watcher = useContext(WatcherContext);
  if (!watcher) throw new Error('useExecutionWatcher outside ExecutionWatcherProvider');
  return watcher;
}
