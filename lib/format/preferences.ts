/** The choices a person makes (units and time zone) and their defaults: kept apart from the converters so every page's layout carries only this. */
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export const TEMPERATURE_UNITS = ['c', 'f'] as const;
export const PRESSURE_UNITS = ['kpa', 'psi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export type PressureUnit = (typeof PRESSURE_UNITS)[number];

export interface Preferences {
  distance: DistanceUnit;
  temperature: TemperatureUnit;
  pressure: PressureUnit;
  /** An IANA zone, or '' for the browser's own. */
  timeZone: string;
}

export const DEFAULT_PREFERENCES: Preferences = { distance: 'km', temperature: 'c', pressure: 'kpa', timeZone: '' };
