import { parseAsString, parseAsStringLiteral, type inferParserType } from 'nuqs';
import { instantOfLocal, parseAsLocalDateTime, parseAsStringWhere } from '@/components/list/url-params';
import { COMMAND_CATALOG } from '@/lib/commands/catalog';
import { EXECUTION_STATE_FILTERS } from '@/lib/commands/execution-states';

const isCommandName = (value: string) => Object.hasOwn(COMMAND_CATALOG, value);

/** The command history's filters in the URL; `from` and `to` are wall-clock times, as the date-time inputs write them. */
export const commandHistoryParams = {
  state: parseAsStringLiteral(EXECUTION_STATE_FILTERS),
  command: parseAsStringWhere(isCommandName),
  user: parseAsString.withDefault(''),
  from: parseAsLocalDateTime.withDefault(''),
  to: parseAsLocalDateTime.withDefault(''),
};

type CommandHistoryFilters = inferParserType<typeof commandHistoryParams>;

/** The history API's query for the filters: the time bounds read in the person's time zone `zone`, sent as instants. */
export function commandHistoryQuery(filters: CommandHistoryFilters, zone: string): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.state) query.set('state', filters.state);
  if (filters.command) query.set('command', filters.command);
  if (filters.user) query.set('user', filters.user);
  const from = instantOfLocal(filters.from, zone);
  const to = instantOfLocal(filters.to, zone);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return query;
}
