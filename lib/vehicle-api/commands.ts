import 'server-only';
import { COMMANDS, type CommandName } from '@/lib/contract/vehicle-api';

// The argument schemas are shared with the browser's forms, so they live in lib/validations.
export * from '@/lib/validations/commands';

export function commandPath(command: CommandName): string {
  return `/v1/vehicles/{vehicleId}/command-execution:${COMMANDS[command]}`;
}
