import { withOrg } from '@/lib/bff/with-org';
import { listCommandHistory } from '@/lib/commands/server/list-command-history';
import { commandHistoryQuerySchema } from '@/lib/commands/history-schemas';

/** Every command sent through Motorpool, newest first, with the history filters. */
export const GET = withOrg(({ org, query }) => listCommandHistory(org, query), {
  permission: 'commands.read',
  query: commandHistoryQuerySchema,
});
