import * as z from '@/lib/validations/zod';
import type { CommandName } from '@/lib/contract/vehicle-api';

/**
 * Argument schemas of the 21 commands, shared by the client, forms and BFF routes
 * (lib/commands/schemas.ts builds the command input on them). Strict: a
 * stray field in a command body is a mistake worth refusing before a vehicle moves.
 */
export const none = z.strictObject({});

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
