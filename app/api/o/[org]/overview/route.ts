import { withOrg } from '@/lib/bff/with-org';
import { fleetOverview } from '@/lib/overview/server/get-fleet-overview';

export const GET = withOrg((access) => fleetOverview(access), { permission: 'org.read' });
