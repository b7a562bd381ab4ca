import { withOrg } from '@/lib/bff/with-org';
import { exportCommandHistory } from '@/lib/commands/server/export-command-history';
import { commandHistoryQuerySchema } from '@/lib/commands/history-schemas';

export const GET = withOrg(async ({ org, query }) => exportCommandHistory(org, query), {
  permission: 'commands.read',
  query: commandHistoryQuerySchema,
});
