'use client';

import { Lock, LockOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { SmallMap } from '@/components/map/small-map';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDistance, formatPressure } from '@/lib/format/units';
import { usePreferences } from '@/lib/hooks/use-preferences';
import type { Tone } from '@/lib/tone';
import { figureText, formatDuration, formatNumber, humanize } from '@/lib/format/figures';
import type { SignalPace } from '@/lib/vehicle-data/staleness';
import type { Telemetry } from '@/lib/vehicle-data/types';
import { MeasuredAt } from './measured-at';

function SignalCard({
  title,
  timestamp,
  pace,
  now,
  children,
}: {
  title: string;
  timestamp: string | null | undefined;
  pace: SignalPace;
  now: number;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 className="text-sm text-zinc-600 dark:text-zinc-400">{title}</h3>
      <div className="mt-1">{children}</div>
      <MeasuredAt timestamp={timestamp} pace={pace} now={now} />
    </section>
  );
}

const Big = ({ children }: { children: ReactNode }) => <p className="tabular text-2xl font-semibold">{children}</p>;
const Small = ({ children }: { children: ReactNode }) => (
  <p className="tabular mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
);

const CHARGING_TONES: Record<string, Tone> = {
  CHARGING: 'info',
  STARTING: 'info',
  COMPLETE: 'success',
  CONNECTED: 'neutral',
  STOPPED: 'neutral',
  DISCONNECTED: 'neutral',
  NO_POWER: 'pending',
  INVALID: 'danger',
};

function locationLink(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

/** What a fleet manager looks at first, each value with its unit, when it was measured, and whether it is stale. */
export function TelemetryCards({ telemetry: t, now }: { telemetry: Telemetry; now: number }) {
  const units = usePreferences();
  const soc = t.stateOfCharge;
  const chargingState = t.chargingState?.chargingState ?? null;
  const locked = t.security?.locked;
  const lat = t.location?.latitude;
  const lon = t.location?.longitude;
  const tires = t.tirePressure;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <SignalCard title="State of charge" timestamp={soc?.timestamp} pace="slow" now={now}>
        <Big>{figureText(soc?.value, soc?.unit ?? '%', 0)}</Big>
        {typeof soc?.value === 'number' ? (
          <div aria-hidden className="mt-2 h-1.5 rounded-full bg-zinc-200 dark:bg-zinc-800">
            <div className="h-1.5 rounded-full bg-accent-500" style={{ width: `${Math.max(0, Math.min(100, soc.value))}%` }} />
          </div>
        ) : null}
        {t.maxStateOfCharge?.value != null ? (
          <Small>Charge limit {figureText(t.maxStateOfCharge.value, t.maxStateOfCharge.unit ?? '%', 0)}</Small>
        ) : null}
      </SignalCard>

      <SignalCard title="Range" timestamp={t.range?.timestamp} pace="slow" now={now}>
        <Big>{formatDistance(t.range?.value, units.distance, 0, t.range?.unit)}</Big>
        {t.realRange?.value != null ? (
          <Small>Real-world estimate {formatDistance(t.realRange.value, units.distance, 0, t.realRange.unit)}</Small>
        ) : null}
      </SignalCard>

      <SignalCard title="Odometer" timestamp={t.odometer?.timestamp} pace="slow" now={now}>
        <Big>{formatDistance(t.odometer?.value, units.distance, 0, t.odometer?.unit)}</Big>
      </SignalCard>

      <SignalCard title="Charging" timestamp={t.chargingState?.timestamp ?? t.chargePowerLevel?.timestamp} pace="live" now={now}>
        <p>
          {chargingState ? (
            <StatusBadge tone={CHARGING_TONES[chargingState] ?? 'neutral'}>{humanize(chargingState)}</StatusBadge>
          ) : (
            <span className="text-zinc-500 dark:text-zinc-400">Not reported</span>
          )}
        </p>
        <Small>
          Power {figureText(t.chargePowerLevel?.value, t.chargePowerLevel?.unit ?? 'kW')}
          {t.chargeRemainingTime?.value != null ? ` · ${formatDuration(t.chargeRemainingTime.value)} to the limit` : ''}
        </Small>
        {t.chargingState?.chargePortDoorOpen != null ? (
          <Small>Charge port {t.chargingState.chargePortDoorOpen ? 'open' : 'closed'}</Small>
        ) : null}
      </SignalCard>

      <SignalCard title="Location" timestamp={t.location?.timestamp} pace="live" now={now}>
        {typeof lat === 'number' && typeof lon === 'number' ? (
          <>
            <p className="tabular text-lg font-semibold">
              {formatNumber(lat, 5)}, {formatNumber(lon, 5)}
            </p>
            <Small>
              <a
                href={locationLink(lat, lon)}
                target="_blank"
                rel="noopener noreferrer"
                className="text-accent-700 underline dark:text-accent-100"
              >
                Open in OpenStreetMap<span className="sr-only"> (opens a new tab)</span>
              </a>
            </Small>
            <div className="mt-2">
              <SmallMap points={[{ latitude: lat, longitude: lon, kind: 'vehicle' }]} label="The vehicle's position on a map" />
            </div>
          </>
        ) : (
          <p className="text-zinc-500 dark:text-zinc-400">Not reported</p>
        )}
      </SignalCard>

      <SignalCard title="Locks" timestamp={t.security?.timestamp} pace="slow" now={now}>
        <p>
          {locked === true ? (
            <StatusBadge tone="success" icon={Lock}>
              Locked
            </StatusBadge>
          ) : locked === false ? (
            <StatusBadge tone="pending" icon={LockOpen}>
              Unlocked
            </StatusBadge>
          ) : (
            <StatusBadge tone="neutral">Not reported</StatusBadge>
          )}
        </p>
      </SignalCard>

      <SignalCard title="Tire pressures" timestamp={tires?.timestamp} pace="slow" now={now}>
        <dl className="tabular grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {(
            [
              ['Front left', tires?.frontLeftTire],
              ['Front right', tires?.frontRightTire],
              ['Rear left', tires?.rearLeftTire],
              ['Rear right', tires?.rearRightTire],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd className="font-semibold">{formatPressure(value, units.pressure, 1, tires?.unit)}</dd>
            </div>
          ))}
        </dl>
      </SignalCard>
    </div>
  );
}

export const STALE_LEGEND = 'Marked stale: location and charging after one hour, everything else after 12 hours.';
