'use client';

import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiClientError } from '@/lib/query/api-fetch';
import { Button } from './button';
import { cn } from './cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800', className)} />;
}

export function LoadingRows({ rows = 5, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

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

/** What failed, what to try, and the upstream request id for a support ticket. */
export function ErrorState({ error, title = 'This could not be loaded', onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const apiError = error instanceof ApiClientError ? error : undefined;
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
      <div className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{title}</p>
          <p>{message}</p>
          {apiError ? (
            <p className="font-mono text-xs">
              {apiError.code}
              {apiError.requestId ? ` · request id ${apiError.requestId}` : ''}
            </p>
          ) : null}
          {onRetry ? (
            <Button variant="secondary" size="sm" onClick={onRetry} className="mt-2">
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
