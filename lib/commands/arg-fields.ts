import { COMMAND_TYPICAL_RANGES as T, type CommandName } from '@/lib/contract/vehicle-api';

type ArgField = { name: string; label: string; type: 'number' | 'text'; step?: string; hint: string };

/** The fields of each command that takes arguments (the single send and the bulk action ask the same). */
export const ARG_FIELDS: Partial<Record<CommandName, ArgField[]>> = {
  SET_TEMPERATURE: [
    {
      name: 'driverTemperature',
      label: 'Driver temperature (°C)',
      type: 'number',
      step: '0.5',
      hint: `Typically ${T.temperatureC.min} to ${T.temperatureC.max} °C; the vehicle decides what it accepts`,
    },
    {
      name: 'passengerTemperature',
      label: 'Passenger temperature (°C)',
      type: 'number',
      step: '0.5',
      hint: `Typically ${T.temperatureC.min} to ${T.temperatureC.max} °C; the vehicle decides what it accepts`,
    },
  ],
  SET_CHARGE_LIMIT: [
    {
      name: 'limit',
      label: 'Charge limit (%)',
      type: 'number',
      step: '1',
      hint: `Typically ${T.chargeLimit.min} to ${T.chargeLimit.max} %; the vehicle decides what it accepts`,
    },
  ],
  SET_VEHICLE_NAME: [
    {
      name: 'name',
      label: 'Vehicle name',
      type: 'text',
      hint: `Typically up to ${T.vehicleName.max} characters`,
    },
  ],
  SCHEDULE_SOFTWARE_UPDATE: [
    {
      name: 'offsetSeconds',
      label: 'Start after (seconds)',
      type: 'number',
      step: '1',
      hint: `Typically 0 to ${T.softwareUpdateOffsetSeconds.max} seconds (24 hours)`,
    },
  ],
};
