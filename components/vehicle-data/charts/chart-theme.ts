/** Series colours from the theme (CSS variables, so they follow light and dark), and axis styling on currentColor. */
export const SERIES = {
  primary: 'var(--color-accent-500)',
  secondary: 'var(--color-amber-500)',
  tertiary: 'var(--color-emerald-600)',
} as const;

export const AXIS = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 }, tickLine: false } as const;
export const GRID = { stroke: 'currentColor', strokeOpacity: 0.15, vertical: false } as const;
export const TOOLTIP_STYLE = {
  contentStyle: { background: 'var(--color-zinc-900)', border: 'none', borderRadius: 8, color: 'white', fontSize: 12 },
  labelStyle: { color: 'white' },
  itemStyle: { color: 'white' },
} as const;

/** A tick with its unit that never wraps (Recharts breaks tick text at spaces). */
export const withUnitTick = (unit: string) => (value: number) => `${value}\u00a0${unit}`;

export const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
