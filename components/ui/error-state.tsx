import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiClientError } from '@/lib/query/api-fetch';
import { Button } from './button';
import { UpstreamExplanation } from './upstream-explanation';

/**
 * An error the Vehicle API answered that reaches the browser in the service's own words: the
 * response names the upstream status. A rate limit is left out: Motorpool's message says until when.
 */
function upstreamWords(error: ApiClientError | undefined): string | undefined {
  const details = error?.details as { upstreamStatus?: unknown } | undefined;
  return error && typeof details?.upstreamStatus === 'number' && error.code !== 'RATE_LIMITED' ? error.message : undefined;
}

/**
 * What failed, what to try, and the upstream request id for a support ticket. An upstream error
 * code is told in the catalog's plain words (lib/contract/outcome-text.ts) with its next step; the
 * service's own text stays beside the code and request id.
 */
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
  const serviceSaid = upstreamWords(apiError);
  const explained = message === undefined && serviceSaid !== undefined && apiError !== undefined;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{title}</p>
          {explained ? (
            <UpstreamExplanation code={apiError.code} serviceSaid={serviceSaid} />
          ) : (
            <p>{message ?? (error instanceof Error ? error.message : 'Unknown error')}</p>
          )}
          {children}
          {apiError ? (
            <p className="font-mono text-xs break-all">
              {apiError.code}
              {(apiError.upstreamRequestId ?? apiError.requestId)
                ? ` · request id ${apiError.upstreamRequestId ?? apiError.requestId}`
                : ''}
            </p>
          ) : null}
          {serviceSaid && message !== undefined ? <p className="text-xs break-words">The Vehicle API said: “{serviceSaid}”</p> : null}
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
