import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { getDb } from '@/lib/db';
import { countWaitingWork } from '@/lib/db/repos/work-waiting';
import { env } from '@/lib/env';
import { metrics } from '@/lib/ops/metrics';
import { logger } from '@/lib/ops/log';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The Prometheus exposition of this process, only to a scraper that presents METRICS_TOKEN as a
 * Bearer token: without the variable the route does not exist (404), with a wrong token it is 401.
 */
export async function renderMetrics(
  request: Request,
  {
    token = env().METRICS_TOKEN,
    waitingWork = () => countWaitingWork(getDb()),
    pausedBreakers,
  }: { token?: string; waitingWork?: () => Promise<Record<string, number>>; pausedBreakers: () => number },
): Promise<Response> {
  if (!token) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const given = request.headers.get('authorization') ?? '';
  if (!timingSafeEqual(digest(given), digest(`Bearer ${token}`))) {
    return new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' } });
  }
  const m = metrics();
  m.breakerOpen.set(pausedBreakers());
  try {
    for (const [job, n] of Object.entries(await waitingWork())) m.workWaiting.set({ job }, n);
  } catch (error) {
    // The rest of the metrics still answer; the gauge keeps its last figures.
    logger().error({ event: 'metrics.queue_depth_failed', err: error }, 'job queue depth could not be read');
  }
  return new Response(await m.registry.metrics(), { headers: { 'Content-Type': m.registry.contentType, 'Cache-Control': 'no-store' } });
}
