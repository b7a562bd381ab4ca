import * as z from '@/lib/validations/zod';
import { optionalDateTime } from '@/lib/validations/date-time';
import { EXECUTION_STATE_FILTERS } from '@/lib/commands/execution-states';
import { COMMAND_NAMES } from '@/lib/contract/vehicle-api';

/** Filters of the command history, fleet-wide and per vehicle. */
export const commandHistoryQuerySchema = z.object({
  state: z.optional(z.enum(EXECUTION_STATE_FILTERS, { message: 'Choose pending, executed, failed, rejected or unknown' })),
  command: z.optional(z.enum(COMMAND_NAMES as [string, ...string[]], { message: 'Unknown command' })),
  user: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  vehicleId: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  from: optionalDateTime,
  to: optionalDateTime,
  before: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.optional(z.coerceNumber().check(z.int(), z.gte(1), z.lte(200))), 50),
});
export type CommandHistoryQuery = z.infer<typeof commandHistoryQuerySchema>;
