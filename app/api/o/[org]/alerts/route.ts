import { withOrg } from '@/lib/bff/with-org';
import { fleetAlertsOf } from '@/lib/alerts/server/load-platform-alerts';

/** The fleet's platform alerts, from the per-vehicle read cache (a bounded batch of stale vehicles read per request). */
export const GET = withOrg(({ org }) => fleetAlertsOf(org), { permission: 'vehicles.read' });
