import { withOrg } from '@/lib/bff/with-org';
import { testConnection } from '@/lib/settings/server/test-connection';

/** Calls `test-token` with the stored credentials and shows whom the upstream says we are. */
export const POST = withOrg(({ org }) => testConnection(org), {
  permission: 'settings.write',
  audit: { action: 'settings.connection_tested', target: () => ({ type: 'organization' }) },
});
