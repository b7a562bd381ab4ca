import { withOrg } from '@/lib/bff/with-org';
import { getSettings } from '@/lib/settings/server/get-settings';

export const GET = withOrg(async ({ org }) => getSettings(org), { permission: 'settings.read' });
