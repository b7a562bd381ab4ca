/** Series colours from the theme (CSS variables, so they follow light and dark); the chart kit draws text and axes on currentColor. */
export const SERIES = {
  primary: 'var(--color-accent-500)',
  secondary: 'var(--color-amber-500)',
  tertiary: 'var(--color-emerald-600)',
} as const;

/** A tick with its unit, a no-break space between them as everywhere a number meets its unit. */
export const withUnitTick = (unit: string) => (value: number) => `${value}\u00a0${unit}`;

export const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
