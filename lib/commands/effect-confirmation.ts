/**
 * Whether the vehicle's own data shows an executed command's effect: read once from telemetry a
 * little after EXECUTED. The service's EXECUTED says the manufacturer took the command; the
 * telemetry says what the car reports afterwards.
 */
import { formatTimeOnly } from '@/lib/format/time';

export type Confirmation = 'confirmed' | 'not_seen' | 'not_reported';

/** The commands whose effect telemetry shows (climate through the sandbox's `climate` block, when a service sends one). */
export const CONFIRMABLE_COMMANDS = [
  'LOCK_DOORS',
  'UNLOCK_DOORS',
  'CLIMATE_ON',
  'CLIMATE_OFF',
  'START_CHARGING',
  'STOP_CHARGING',
  'SET_CHARGE_LIMIT',
  'OPEN_CHARGE_PORT',
  'CLOSE_CHARGE_PORT',
] as const;

export const isConfirmable = (command: string) => (CONFIRMABLE_COMMANDS as readonly string[]).includes(command);

/** Data a little older than the command still counts: the vehicle's clock and the service's differ. */
const CLOCK_SKEW_MS = 5_000;

type Reading = { value: unknown; at: unknown };
type Expectation = { reading: (t: Record<string, unknown>) => Reading | undefined; shows: (value: unknown) => boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const block = (t: Record<string, unknown>, name: string) => (isRecord(t[name]) ? t[name] : undefined);
const field = (name: string, valueKey: string) => (t: Record<string, unknown>) => {
  const b = block(t, name);
  return b && valueKey in b && b[valueKey] !== null ? { value: b[valueKey], at: b.timestamp } : undefined;
};

const CHARGING = new Set(['CHARGING', 'STARTING', 'COMPLETE']);

function expectationOf(command: string, args: Record<string, unknown> | null): Expectation | undefined {
  switch (command) {
    case 'LOCK_DOORS':
      return { reading: field('security', 'locked'), shows: (v) => v === true };
    case 'UNLOCK_DOORS':
      return { reading: field('security', 'locked'), shows: (v) => v === false };
    case 'CLIMATE_ON':
      return { reading: field('climate', 'isOn'), shows: (v) => v === true };
    case 'CLIMATE_OFF':
      return { reading: field('climate', 'isOn'), shows: (v) => v === false };
    case 'START_CHARGING':
      return { reading: field('chargingState', 'chargingState'), shows: (v) => typeof v === 'string' && CHARGING.has(v) };
    case 'STOP_CHARGING':
      return { reading: field('chargingState', 'chargingState'), shows: (v) => typeof v === 'string' && !CHARGING.has(v) };
    case 'SET_CHARGE_LIMIT':
      return { reading: field('maxStateOfCharge', 'value'), shows: (v) => Number(v) === Number(args?.limit) };
    case 'OPEN_CHARGE_PORT':
      return { reading: field('chargingState', 'chargePortDoorOpen'), shows: (v) => v === true };
    case 'CLOSE_CHARGE_PORT':
      return { reading: field('chargingState', 'chargePortDoorOpen'), shows: (v) => v === false };
    default:
      return undefined;
  }
}

/**
 * Judges one telemetry answer (as it came) for one executed command: `confirmed` when the data
 * shows the effect and is no older than the command (`since`), `not_seen` when it does not (yet),
 * `not_reported` when the data has no field for it.
 */
export function judgeEffect(
  command: string,
  args: Record<string, unknown> | null,
  telemetry: unknown,
  since: Date,
): { confirmation: Confirmation; confirmedAt: Date | null } {
  const expectation = expectationOf(command, args);
  const reading = expectation && isRecord(telemetry) ? expectation.reading(telemetry) : undefined;
  if (!expectation || !reading) return { confirmation: 'not_reported', confirmedAt: null };
  const at = typeof reading.at === 'string' ? new Date(reading.at) : null;
  const fresh = at !== null && !Number.isNaN(at.getTime()) && at.getTime() >= since.getTime() - CLOCK_SKEW_MS;
  return expectation.shows(reading.value) && fresh
    ? { confirmation: 'confirmed', confirmedAt: at }
    : { confirmation: 'not_seen', confirmedAt: null };
}

/** The sentence the execution view and the history show. */
/** The time is the person's time of day in their locale's style ("14:02", "2:02 PM") in `zone`, as the history's "Sent" column says it. */
export function confirmationText(view: { confirmation: Confirmation | null; confirmedAt: string | null }, zone: string): string | null {
  if (view.confirmation === 'confirmed')
    return view.confirmedAt
      ? `Confirmed by the vehicle at ${formatTimeOnly(new Date(view.confirmedAt), zone)}`
      : 'Confirmed by the vehicle';
  if (view.confirmation === 'not_seen') return 'Not yet seen in the vehicle’s data';
  if (view.confirmation === 'not_reported') return 'The vehicle’s data does not report this';
  return null;
}
