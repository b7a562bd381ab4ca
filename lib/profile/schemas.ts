import * as z from '@/lib/validations/zod';
import { DEFAULT_PREFERENCES, DISTANCE_UNITS, PRESSURE_UNITS, TEMPERATURE_UNITS, type Preferences } from '@/lib/format/preferences';

/** A time zone the runtime knows (`Europe/Paris`, `UTC`), or empty for the browser's own. */
function isTimeZone(value: string): boolean {
  if (value === '') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const preferencesSchema = z.object({
  distance: z.enum(DISTANCE_UNITS, { message: 'Choose km or miles' }),
  temperature: z.enum(TEMPERATURE_UNITS, { message: 'Choose °C or °F' }),
  pressure: z.enum(PRESSURE_UNITS, { message: 'Choose kPa or psi' }),
  timeZone: z
    .string()
    .check(z.maxLength(64, { message: 'Not a known time zone' }), z.refine(isTimeZone, { message: 'Not a known time zone' })),
});

/** What the database holds, read tolerantly: a missing or unreadable field takes its default. */
export function readPreferences(stored: unknown): Preferences {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const pick = <K extends keyof Preferences>(key: K): Preferences[K] => {
    const field = preferencesSchema.shape[key];
    const parsed = z.safeParse(field, record[key]);
    return parsed.success ? (parsed.data as Preferences[K]) : DEFAULT_PREFERENCES[key];
  };
  return { distance: pick('distance'), temperature: pick('temperature'), pressure: pick('pressure'), timeZone: pick('timeZone') };
}

/** The session a person ends from "Where you're signed in" (its public id, never the token's). */
export const sessionParamsSchema = z.object({ id: z.uuid({ message: 'Not a valid session id' }) });
