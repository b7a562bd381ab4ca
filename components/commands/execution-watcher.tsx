'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ExecutionView } from '@/lib/commands/execution-view';

/** Loaded once a command is followed: the command names and failure explanations are needed for nothing else. */
const WatchOne = clientLazy(() => import('./execution-watch-one').then((m) => m.WatchOne));

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

export function useExecutionWatcher(): Watcher {
  const watcher = useContext(WatcherContext);
  if (!watcher) throw new Error('useExecutionWatcher outside ExecutionWatcherProvider');
  return watcher;
}
