import 'server-only';
import { getDbHandle } from '@/lib/db';
import { env } from '@/lib/env';
import type { LiveNotice } from '@/lib/live/notice';
import { logger } from '@/lib/ops/log';
import { createChangeBus, type ChangeBus } from './change-bus';

type Holder = { bus?: ChangeBus };
// On globalThis: the jobs (instrumentation's bundle) publish, the route handlers' bundle streams.
const holder = ((globalThis as { __motorpoolLiveBus?: Holder }).__motorpoolLiveBus ??= {});

/**
 * The process's change bus: on PostgreSQL's LISTEN/NOTIFY with DATABASE_URL, in process on PGlite
 * (asked without opening the database: publishing must not open one a caller did not).
 */
export function liveBus(): ChangeBus {
  holder.bus ??= createChangeBus(env().DATABASE_URL ? getDbHandle().notifications : undefined, (error) =>
    logger().warn({ event: 'live.bus_error', err: error }, 'live notices: a notice could not be passed on'),
  );
  return holder.bus;
}

/**
 * Tells the organization's open pages that something changed (ids only: each page reads the data
 * through its usual route). Whoever changes a record calls this after the write. It never throws:
 * a lost notice costs only freshness, and the pages' polling and reconnects catch up.
 */
export async function publishChange(organizationId: string, notice: LiveNotice): Promise<void> {
  try {
    await liveBus().publish({ organizationId, notice });
  } catch (error) {
    logger().warn({ event: 'live.publish_failed', kind: notice.kind, err: error }, 'live notice not published');
  }
}
