import { ApiClientError } from '@/lib/query/api-fetch';

/** An error as one line for a toast or a form: the message, and the upstream request id when there is one. */
export function errorText(error: unknown, fallback = 'Something went wrong.'): string {
  if (error instanceof ApiClientError)
    return `${error.message}${(error.upstreamRequestId ?? error.requestId) ? ` (request id ${error.upstreamRequestId ?? error.requestId})` : ''}`;
  return error instanceof Error && error.message ? error.message : fallback;
}
