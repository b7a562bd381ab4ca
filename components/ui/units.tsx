'use client';

import { formatDistance, formatTemperature } from '@/lib/format/units';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { figureText, type Figure } from '@/lib/format/figures';

/** A distance given in km (or `from`), written in the person's unit. */
export function Distance({ value, digits = 1, from }: { value: Figure; digits?: number; from?: string | null }) {
  return <>{formatDistance(value, usePreferences().distance, digits, from)}</>;
}

/** A temperature given in °C, written in the person's unit (one that is no number as it came). */
export function Temperature({ celsius, digits = 1 }: { celsius: Figure; digits?: number }) {
  return <>{formatTemperature(celsius, usePreferences().temperature, digits)}</>;
}

/** A figure read tolerantly: a number in a distance unit converted, anything else as `figureText` writes it. */
export function DistanceFigure({ value, unit, digits = 1 }: { value: Figure; unit: string; digits?: number }) {
  const { distance } = usePreferences();
  return <>{typeof value === 'number' ? formatDistance(value, distance, digits, unit) : figureText(value, unit, digits)}</>;
}
