import { z } from 'zod';
import { optionalDateTime } from './date-time';
import { COMMAND_NAMES } from '@/lib/vehicle-api/contract';


export const EXECUTION_STATE_FILTERS = ['pending', 'executed', 'failed', 'rejected', 'unknown'] as const;

/** Filters of the command history, fleet-wide and per vehicle. */
export const commandHistoryQuerySchema = z.object({
  state: z.enum(EXECUTION_STATE_FILTERS, { message: 'Choose pending, executed, failed, rejected or unknown' }).optional(),
  command: z.enum(COMMAND_NAMES as [string, ...string[]], { message: 'Unknown command' }).optional(),
  user: z.string().trim().max(200).optional(),
  vehicleId: z.string().trim().max(200).optional(),
  from: optionalDateTime,
  to: optionalDateTime,
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export type CommandHistoryQuery = z.infer<typeof commandHistoryQuerySchema>;
