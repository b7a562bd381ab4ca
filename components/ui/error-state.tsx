import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiClientError } from '@/lib/query/api-fetch';
import { Button } from './button';

/** What failed, what to try, and the upstream request id for a support ticket. */
export function ErrorState({
  error,
  title = 'This could not be loaded',
  message,
  onRetry,
  children,
}: {
  error: unknown;
  title?: string;
  /** Replaces the error's own message, for an error the caller explains better. */
  message?: ReactNode;
  onRetry?: () => void;
  /** Advice shown under the message. */
  children?: ReactNode;
}) {
  const apiError = error instanceof ApiClientError ? error : undefined;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{title}</p>
          <p>{message ?? (error instanceof Error ? error.message : 'Unknown error')}</p>
          {children}
          {apiError ? (
            <p className="font-mono text-xs break-all">
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
