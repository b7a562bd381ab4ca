/** Display helpers of the vehicle data views: numbers always with their unit, codes as words. */

/** The upstream's unit spellings [V] and how the views write them. */
const UNIT_LABELS: Record<string, string> = {
  km: 'km',
  m: 'm',
  'm/s': 'm/s',
  degree: '°',
  '%': '%',
  percent: '%',
  kwh: 'kWh',
  kw: 'kW',
  amps: 'A',
  minutes: 'min',
  kpa: 'kPa',
};

/**
 * A figure as the tolerant client reads it: a number, the string the vendor sent when it was no
 * number (shown as it came), or nothing.
 */
export type Figure = number | string | null | undefined;

/** The figure when it is a number to compute with; strings and gaps are skipped. */
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function unitLabel(unit: string | null | undefined): string {
  if (!unit) return '';
  return UNIT_LABELS[unit.toLowerCase()] ?? unit;
}

export function formatNumber(value: number | null | undefined, maximumFractionDigits = 1): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return new Intl.NumberFormat(undefined, { maximumFractionDigits, minimumFractionDigits: 0 }).format(value);
}

/** `12.3 km`; a number without a value is `—`. The degree sign sits against the number. */
export function withUnit(value: number | null | undefined, unit: string | null | undefined, maximumFractionDigits = 1): string {
  const number = formatNumber(value, maximumFractionDigits);
  if (number === null) return '—';
  const label = unitLabel(unit);
  if (!label) return number;
  return label === '°' || label === '%' ? `${number}${label === '%' ? ' %' : label}` : `${number} ${label}`;
}

/**
 * A figure read by the tolerant client: a number with its unit, a string that was no number as it
 * came (never hidden), nothing as `—`.
 */
export function figureText(value: Figure, unit: string | null | undefined, maximumFractionDigits = 1): string {
  if (typeof value === 'string') return value.trim() === '' ? '—' : value;
  return withUnit(value, unit, maximumFractionDigits);
}

/** `1 h 05 min`, `42 min`, `3 d 4 h`; a figure that came as no number, as it came. */
export function formatDuration(minutes: Figure): string {
  if (typeof minutes === 'string') return figureText(minutes, null);
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) return '—';
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  if (hours < 48) return `${hours} h ${String(total % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The length of a rate-limit window in words: `1 hour`, `24 hours`, `15 minutes`. */
export function formatWindow(seconds: number | null | undefined): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

/** `per hour`, `per 24 hours`: a window as the end of a sentence. */
export function perWindow(seconds: number | null | undefined): string | null {
  const window = formatWindow(seconds);
  return window ? `per ${window.replace(/^1 /, '')}` : null;
}

/** An upstream code worth turning into words: `CLOSED`, `DUAL_MOTOR`, but not an acronym such as `NMC`. */
export function isWordCode(value: string): boolean {
  return /^[A-Z0-9]+(_[A-Z0-9]+)+$/.test(value) || /^[A-Z]{4,}$/.test(value);
}

/** `ROUTINE_MAINTENANCE` → `Routine maintenance`; `frontLeftDoor` → `Front left door`. */
export function humanize(code: string | null | undefined): string {
  if (!code) return '';
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.\-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An age in words for "measured … ago" lines: `4 min`, `3 h`, `2 days`. */
export function formatAge(ms: number | null): string {
  if (ms === null) return 'at an unknown time';
  if (ms < 0) return 'just now';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
