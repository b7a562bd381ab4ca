import 'server-only';
import { COMMANDS, type CommandName } from '@/lib/contract/vehicle-api';

export function commandPath(command: CommandName): string {
  return `/v1/vehicles/{vehicleId}/command-execution:${COMMANDS[command]}`;
}
