import { withOrg } from '@/lib/bff/with-org';
import { exportCommandHistory } from '@/lib/commands/server/export-command-history';
import { commandHistoryQuerySchema } from '@/lib/validations/command-history';

export const GET = withOrg(async ({ org, query }) => exportCommandHistory(org, query), {
  permission: 'commands.read',
  query: commandHistoryQuerySchema,
});
