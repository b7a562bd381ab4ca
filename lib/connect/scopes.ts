import type { ConnectScope } from '@/lib/contract/vehicle-api';

/** What each scope lets the organization do, in one sentence for the person choosing it. */
export const SCOPE_TEXT: Record<ConnectScope, { label: string; allows: string }> = {
  'vehicle:all': {
    label: 'All vehicle data and commands',
    allows: 'Everything below for vehicles: information, telemetry, charging history and remote commands.',
  },
  'vehicle:information': {
    label: 'Vehicle information',
    allows: 'Reads the VIN, registration plate, options and specifications, and lets you set the plate.',
  },
  'vehicle:telemetry': {
    label: 'Telemetry',
    allows: 'Reads live data such as location, state of charge, range, odometer, locks and tire pressures.',
  },
  'vehicle:charging_history': { label: 'Charging history', allows: 'Reads past charging sessions: when, where, how much energy.' },
  'vehicle:commands': { label: 'Remote commands', allows: 'Sends commands such as lock, unlock, climate and charging start or stop.' },
  'vehicle:driving_behavior': { label: 'Driving behaviour', allows: 'Reads how the vehicle is driven (acceleration, braking, speed).' },
  'vehicle:location_history': { label: 'Location history', allows: 'Reads where the vehicle has been, not only where it is now.' },
  'battery:all': { label: 'All battery data', allows: 'Reads the battery’s telemetry and health.' },
  'battery:telemetry': { label: 'Battery telemetry', allows: 'Reads the battery’s live values such as temperature and state of charge.' },
  'geofences:all': {
    label: 'Geofences, read and write',
    allows: 'Reads and changes the zones that raise an event when the vehicle enters or leaves them.',
  },
  'geofences:read': { label: 'Geofences, read', allows: 'Reads the zones set on the vehicle.' },
  'geofences:write': { label: 'Geofences, write', allows: 'Creates and changes zones on the vehicle.' },
};

/** Brands offered as choices; another brand can be typed (the service answers UNSUPPORTED_OEM for one it does not know). */
export const SUGGESTED_MAKES = [
  'BMW',
  'Ford',
  'Hyundai',
  'Kia',
  'Mercedes-Benz',
  'Polestar',
  'Renault',
  'Tesla',
  'Volkswagen',
  'Volvo',
] as const;

export const REGION_TEXT = { EUROPE: 'Europe', NORTH_AMERICA: 'North America' } as const;
export const LOCALE_TEXT = { 'en-GB': 'English', 'de-DE': 'Deutsch', 'fr-FR': 'Français', 'nl-NL': 'Nederlands' } as const;
