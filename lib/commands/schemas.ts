import * as z from '@/lib/validations/zod';
import { commandHasBody, type CommandName, type CommandWithBody } from '@/lib/contract/vehicle-api';
import {
  COMMAND_ARGS_SCHEMAS,
  none,
  scheduleSoftwareUpdateArgsSchema,
  setChargeLimitArgsSchema,
  setTemperatureArgsSchema,
  setVehicleNameArgsSchema,
} from '@/lib/vehicle-api/command-args';

/** Commands whose creation call takes no body. */
export const NO_ARGS_COMMANDS = (Object.keys(COMMAND_ARGS_SCHEMAS) as CommandName[]).filter((c) => !commandHasBody(c)) as Exclude<
  CommandName,
  CommandWithBody
>[];

/** One schema for a "send a command" form or route body: `{ command, args }`, args required where the command takes them. */
export const sendCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.enum(NO_ARGS_COMMANDS as [(typeof NO_ARGS_COMMANDS)[number], ...(typeof NO_ARGS_COMMANDS)[number][]]),
    args: z.optional(none),
  }),
  z.object({ command: z.literal('SET_TEMPERATURE'), args: setTemperatureArgsSchema }),
  z.object({ command: z.literal('SET_CHARGE_LIMIT'), args: setChargeLimitArgsSchema }),
  z.object({ command: z.literal('SET_VEHICLE_NAME'), args: setVehicleNameArgsSchema }),
  z.object({ command: z.literal('SCHEDULE_SOFTWARE_UPDATE'), args: scheduleSoftwareUpdateArgsSchema }),
]);
export type SendCommandInput = z.infer<typeof sendCommandSchema>;

/** The `Idempotency-Key` header of a command (lib/commands/idempotency.ts makes them in the browser). */
export const idempotencyKeySchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.:-]{8,128}$/, { message: 'An idempotency key is 8 to 128 letters, digits or _ . : -' }));

/** The headers of a command request: the idempotency key is optional for API clients, always sent by the console. */
export const sendCommandHeadersSchema = z.object({ 'idempotency-key': z.optional(idempotencyKeySchema) });
