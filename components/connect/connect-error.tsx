import { AlertTriangle } from 'lucide-react';
import { CONNECT_ERROR_TEXT } from '@/lib/connect/explain';
import { ApiClientError } from '@/lib/query/api-fetch';

/** Why no link was created: what happened and what to do, with the code and request id for support. */
export function ConnectError({ error }: { error: unknown }) {
  const apiError = error instanceof ApiClientError ? error : undefined;
  const known = apiError ? CONNECT_ERROR_TEXT[apiError.code] : undefined;
  const title = known?.title ?? 'The link could not be created';
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{title}</p>
          <p>{known?.what ?? (error instanceof Error ? error.message : 'Unknown error')}</p>
          {known ? (
            <p>
              <span className="font-medium">What to do: </span>
              {known.nextStep}
            </p>
          ) : null}
          {apiError ? (
            <p className="font-mono text-xs break-all">
              {apiError.code}
              {apiError.requestId ? ` · request id ${apiError.requestId}` : ''}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
