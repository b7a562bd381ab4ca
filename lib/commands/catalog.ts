import type { CommandName } from '@/lib/contract/vehicle-api';

export type CommandGroup = 'access' | 'climate' | 'charging' | 'vehicle';

type CommandInfo = { label: string; group: CommandGroup; description: string };

/** The 21 commands as people name them, grouped as the command panel shows them. */
export const COMMAND_CATALOG: Record<CommandName, CommandInfo> = {
  LOCK_DOORS: { label: 'Lock doors', group: 'access', description: 'Locks every door.' },
  UNLOCK_DOORS: { label: 'Unlock doors', group: 'access', description: 'Unlocks every door.' },
  ACTUATE_FRONT_TRUNK: { label: 'Open front trunk', group: 'access', description: 'Opens the front trunk.' },
  ACTUATE_REAR_TRUNK: { label: 'Open or close rear trunk', group: 'access', description: 'Opens (or closes) the rear trunk.' },
  HONK_HORN: { label: 'Honk horn', group: 'access', description: 'Sounds the horn briefly.' },
  FLASH_LIGHTS: { label: 'Flash lights', group: 'access', description: 'Flashes the headlights.' },
  START_HVAC_SYSTEM: { label: 'Start HVAC', group: 'climate', description: 'Starts heating, ventilation and air conditioning.' },
  CLIMATE_ON: { label: 'Climate on', group: 'climate', description: 'Turns climate control on.' },
  CLIMATE_OFF: { label: 'Climate off', group: 'climate', description: 'Turns climate control off.' },
  SET_TEMPERATURE: { label: 'Set temperature', group: 'climate', description: 'Sets the driver and passenger temperatures.' },
  WINDOW_HEATING_ON: { label: 'Window heating on', group: 'climate', description: 'Heats the windows.' },
  WINDOW_HEATING_OFF: { label: 'Window heating off', group: 'climate', description: 'Stops heating the windows.' },
  OPEN_CHARGE_PORT: { label: 'Open charge port', group: 'charging', description: 'Opens the charge port door.' },
  CLOSE_CHARGE_PORT: { label: 'Close charge port', group: 'charging', description: 'Closes the charge port door.' },
  START_CHARGING: { label: 'Start charging', group: 'charging', description: 'Starts charging if a charger is connected.' },
  STOP_CHARGING: { label: 'Stop charging', group: 'charging', description: 'Stops charging.' },
  SET_CHARGE_LIMIT: { label: 'Set charge limit', group: 'charging', description: 'Sets the state of charge at which charging stops.' },
  WAKE_UP: { label: 'Wake up', group: 'vehicle', description: 'Wakes the vehicle so it answers later commands.' },
  SET_VEHICLE_NAME: { label: 'Set vehicle name', group: 'vehicle', description: 'Renames the vehicle in the manufacturer’s app.' },
  SCHEDULE_SOFTWARE_UPDATE: {
    label: 'Schedule software update',
    group: 'vehicle',
    description: 'Installs a waiting software update after a delay.',
  },
  CANCEL_SOFTWARE_UPDATE: { label: 'Cancel software update', group: 'vehicle', description: 'Cancels a scheduled software update.' },
};

/**
 * What a physical or security-relevant command will do, said before it is sent: the panel (and a
 * bulk run, once for all its vehicles) asks for confirmation of these commands only.
 */
export const COMMAND_CONFIRMATIONS: Partial<Record<CommandName, string>> = {
  UNLOCK_DOORS: 'Anyone near the vehicle will be able to open it.',
  ACTUATE_FRONT_TRUNK: 'The front trunk opens and stays open until someone closes it.',
  ACTUATE_REAR_TRUNK: 'The rear trunk moves; make sure nobody is in its way.',
  OPEN_CHARGE_PORT: 'The charge port opens; the cable can be plugged or unplugged.',
  START_CHARGING: 'Charging starts and draws power from the connected charger.',
};

export const COMMAND_GROUPS: { id: CommandGroup; label: string }[] = [
  { id: 'access', label: 'Access' },
  { id: 'climate', label: 'Climate' },
  { id: 'charging', label: 'Charging' },
  { id: 'vehicle', label: 'Vehicle' },
];

export function commandLabel(command: string): string {
  return COMMAND_CATALOG[command as CommandName]?.label ?? command;
}
