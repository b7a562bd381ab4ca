import { withOrg } from '@/lib/bff/with-org';
import { overviewTrends } from '@/lib/overview/server/fleet-trends';

export const GET = withOrg((access) => overviewTrends(access), { permission: 'org.read' });
