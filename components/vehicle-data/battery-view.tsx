'use client';

import { Bar } from '@/components/ui/bar';
import { DistanceFigure } from '@/components/ui/units';
import { BatteryWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { PlainTable } from '@/components/ui/plain-table';
import { useVehicleData } from '@/lib/vehicle-data/query';
import { registrationDateText } from '@/lib/vehicles/registration';
import { batteryHealth, compareRange, cycleLabel } from '@/lib/vehicle-data/battery';
import type { Figure } from '@/lib/format/figures';
import { figureText, formatNumber } from '@/lib/format/figures';
import type { RangeResponse, StateOfHealthResponse } from '@/lib/vehicle-data/types';
import { DataCard } from './data-card';

function NoBatteryData({ what }: { what: string }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-sm dark:border-zinc-700">
      <BatteryWarning aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-zinc-500" />
      <div>
        <p className="font-medium">No battery data yet</p>
        <p className="text-zinc-600 dark:text-zinc-400">
          The Vehicle API has no {what} for this vehicle. It appears after a qualifying charge; a vehicle without a traction battery never
          has one.
        </p>
      </div>
    </div>
  );
}

function CalculatedOn({ date }: { date: string | null | undefined }) {
  if (!date) return null;
  return <p className="text-xs text-zinc-600 dark:text-zinc-400">Calculated by the Vehicle API on {registrationDateText(date)}.</p>;
}

/** A share as a bar with its number; colour is never the only signal. */
function ShareBar({ label, percent }: { label: string; percent: number }) {
  const share = Math.max(0, Math.min(100, percent));
  return (
    <Bar
      role="meter"
      label={label}
      value={Math.round(share)}
      max={100}
      valueText={`${formatNumber(percent, 0)} %`}
      percent={share}
      className="h-2.5 w-full"
    />
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="tabular mt-0.5 text-lg font-semibold">{children}</dd>
    </div>
  );
}

const percentText = (value: Figure) => figureText(value, '%', 1);

function StateOfHealthCard({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicleData<StateOfHealthResponse>(org, vehicleId, 'battery/state-of-health');
  return (
    <DataCard
      id="state-of-health"
      title="State of health"
      description="How much of its capacity when new the battery still holds."
      query={query}
    >
      {(data) => {
        if (!data.available) return <NoBatteryData what="state of health" />;
        const health = batteryHealth(data.stateOfHealth);
        return (
          <div className="space-y-3">
            <dl className="grid gap-4 sm:grid-cols-3">
              <Stat label="State of health">{percentText(health.percent)}</Stat>
              <Stat label="Real capacity">{figureText(health.realKwh, 'kWh', 1)}</Stat>
              <Stat label="Nominal capacity">{figureText(health.nominalKwh, 'kWh', 1)}</Stat>
            </dl>
            {typeof health.percent === 'number' ? <ShareBar label="State of health" percent={health.percent} /> : null}
            {health.lostKwh !== null ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{formatNumber(health.lostKwh, 1)} kWh less than when new.</p>
            ) : null}
            <CalculatedOn date={data.stateOfHealth.calculationDate} />
          </div>
        );
      }}
    </DataCard>
  );
}

function RangeCard({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicleData<RangeResponse>(org, vehicleId, 'battery/range');
  return (
    <DataCard
      id="range"
      title="Range"
      description="On a full battery, as driven, in warm and in cold weather, against the rated figure."
      query={query}
    >
      {(data) => {
        if (!data.available) return <NoBatteryData what="range figures" />;
        const unit = data.range.unit ?? 'km';
        const comparison = compareRange(data.range.range ?? {});
        const reference = comparison.cycle ? cycleLabel(comparison.cycle) : null;
        return (
          <div className="space-y-4">
            <PlainTable
              caption="Range against the rated figure"
              columns={[
                'Range',
                { label: 'Distance', align: 'right' },
                { label: reference ? `Of ${reference}` : 'Of the rated figure', className: 'w-1/2' },
              ]}
              cellClassName="py-2 pr-3 last:pr-0"
            >
              {comparison.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {row.label}
                  </th>
                  <td className="tabular py-2 pr-3 text-right whitespace-nowrap">
                    <DistanceFigure value={row.value} unit={unit} digits={0} />
                  </td>
                  <td className="py-2">
                    {row.percentOfNominal === null ? (
                      <span className="text-zinc-500 dark:text-zinc-400">—</span>
                    ) : (
                      <div className="flex items-center gap-2">
                        <ShareBar label={`${row.label} of ${reference}`} percent={row.percentOfNominal} />
                        <span className="tabular w-14 shrink-0 text-right">{formatNumber(row.percentOfNominal, 0)} %</span>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </PlainTable>
            {comparison.nominals.length > 0 ? (
              <p className="text-sm">
                Rated:{' '}
                {comparison.nominals.map((n, i) => (
                  <span key={n.cycle} className="tabular">
                    {i > 0 ? ', ' : ''}
                    <DistanceFigure value={n.value} unit={unit} digits={0} /> {cycleLabel(n.cycle)}
                  </span>
                ))}
              </p>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">The Vehicle API sends no rated range for this vehicle.</p>
            )}
            <CalculatedOn date={data.range.calculationDate} />
          </div>
        );
      }}
    </DataCard>
  );
}

/** Battery health and range of one vehicle, each explained when the Vehicle API has none yet. */
export function BatteryView({ org, vehicleId }: { org: string; vehicleId: string }) {
  return (
    <div className="space-y-6">
      <StateOfHealthCard org={org} vehicleId={vehicleId} />
      <RangeCard org={org} vehicleId={vehicleId} />
    </div>
  );
}
