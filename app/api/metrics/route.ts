import { renderMetrics } from '@/lib/ops/server/render-metrics';
import { organizationBreaker } from '@/lib/org/org-vehicle-api';

export const dynamic = 'force-dynamic';

/** Prometheus metrics of this process; closed unless METRICS_TOKEN is set and presented as a Bearer token. */
export function GET(request: Request) {
  return renderMetrics(request, { pausedBreakers: () => organizationBreaker().pausedCount() });
}
