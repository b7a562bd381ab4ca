import { withOrg } from '@/lib/bff/with-org';
import { commandHistory } from '@/lib/commands/history';
import { getDb } from '@/lib/db';
import { commandHistoryQuerySchema } from '@/lib/validations/command-history';

/** Every command sent through Motorpool, newest first, with the history filters. */
export const GET = withOrg(async ({ org, query }) => commandHistory(getDb(), org.id, query), {
  permission: 'commands.read',
  query: commandHistoryQuerySchema,
});
