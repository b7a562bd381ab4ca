import * as z from '@/lib/validations/zod';
import { commandHasBody, type CommandName, type CommandWithBody } from '@/lib/contract/vehicle-api';

/**
 * Argument schemas of the 21 commands, shared by forms, BFF routes and the client. Strict: a
 * stray field in a command body is a mistake worth refusing before a vehicle moves.
 */
const none = z.strictObject({});

/*
 * Only the published types are refused here: a number for each temperature, an integer for the
 * charge limit. The service publishes no bounds, so a value outside the typical range
 * (`COMMAND_TYPICAL_RANGES`, shown as a hint) goes to the service, which decides. The two
 * commands without a published path ([A]) get the same treatment: a name, whole seconds.
 */
const temperature = z.number({ message: 'Enter a temperature' });

export const setTemperatureArgsSchema = z.strictObject({ driverTemperature: temperature, passengerTemperature: temperature });
export const setChargeLimitArgsSchema = z.strictObject({
  limit: z.number({ message: 'Enter a charge limit' }).check(z.int({ message: 'Enter a whole percentage' })),
});
export const setVehicleNameArgsSchema = z.strictObject({
  name: z.string({ message: 'Enter a name' }).check(z.trim(), z.minLength(1, { message: 'Enter a name' })),
});
export const scheduleSoftwareUpdateArgsSchema = z.strictObject({
  offsetSeconds: z.number({ message: 'Enter a delay in seconds' }).check(z.int({ message: 'Enter whole seconds' })),
});

export const COMMAND_ARGS_SCHEMAS = {
  WAKE_UP: none,
  UNLOCK_DOORS: none,
  LOCK_DOORS: none,
  HONK_HORN: none,
  FLASH_LIGHTS: none,
  START_HVAC_SYSTEM: none,
  CLIMATE_ON: none,
  CLIMATE_OFF: none,
  SET_TEMPERATURE: setTemperatureArgsSchema,
  SET_CHARGE_LIMIT: setChargeLimitArgsSchema,
  ACTUATE_FRONT_TRUNK: none,
  ACTUATE_REAR_TRUNK: none,
  OPEN_CHARGE_PORT: none,
  CLOSE_CHARGE_PORT: none,
  START_CHARGING: none,
  STOP_CHARGING: none,
  SET_VEHICLE_NAME: setVehicleNameArgsSchema,
  SCHEDULE_SOFTWARE_UPDATE: scheduleSoftwareUpdateArgsSchema,
  CANCEL_SOFTWARE_UPDATE: none,
  WINDOW_HEATING_ON: none,
  WINDOW_HEATING_OFF: none,
} as const satisfies Record<CommandName, z.ZodMiniType>;

export type CommandArgs<C extends CommandName> = z.infer<(typeof COMMAND_ARGS_SCHEMAS)[C]>;

/** Commands whose creation call carries a JSON body; the others are sent with none (from the contract: the browser needs it without zod). */

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
