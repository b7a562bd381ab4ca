import type { Instrumentation } from 'next';

/**
 * Runs once when a server process starts: validates the environment, then migrates the
 * database, reconciles command records left mid-way by a crash and seeds, in this one process
 * (PGlite lets one process at a time open its folder).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('@/lib/startup/start-server');
  await startServer();
}

/**
 * What escapes a page or route handler: one error line naming the route by its template
 * (`/invite/[token]`), never by the requested path: a link's token rides in the path, ids and
 * secrets in the query.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logger } = await import('@/lib/ops/log');
  logger().error(
    {
      event: 'request.error',
      err: error,
      method: request.method,
      routePath: context.routePath,
      routeType: context.routeType,
      digest: (error as { digest?: string }).digest,
    },
    'request failed',
  );
};
