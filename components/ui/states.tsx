import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

// No 'use client': server components (not-found, loading) draw these without shipping script; each
// state is its own module, so a route's error boundary ships only the error state.
export { ErrorState } from './error-state';
export { LoadingBlocks, LoadingRows, Skeleton } from './skeleton';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-4 py-10 text-center dark:border-zinc-700">
      <Inbox aria-hidden className="h-6 w-6 text-zinc-500" />
      <p className="font-medium">{title}</p>
      {children ? <div className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
      {action}
    </div>
  );
}
