import { withOrg } from '@/lib/bff/with-org';
import { searchConsole } from '@/lib/search/server/search-console';
import { consoleSearchSchema } from '@/lib/views/schemas';

export const GET = withOrg((access) => searchConsole(access, access.query.q), { permission: 'org.read', query: consoleSearchSchema });
