'use client';

import { DistanceFigure } from '@/components/ui/units';
import { makeLabel } from '@/lib/contract/makes';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { TableScroll } from '@/components/ui/table-scroll';
import { PlainTable } from '@/components/ui/plain-table';
import type { VehicleRecord } from '@/lib/vehicles/types';
import { SPECIFICATION_COUNTRIES } from '@/lib/contract/vehicle-api';
import { figureText, humanize, isWordCode } from '@/lib/format/figures';
import type { OptionsResponse, SpecificationsResponse } from '@/lib/vehicle-data/types';
import { DataCard } from './data-card';
import { useVehicleData } from '@/lib/vehicle-data/query';
import { useVehicle } from '@/lib/vehicles/query';

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function listOf(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** An answer that is a fact to explain, not a failure: calm, with the why and what it means. */
function Explanation({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** Values of an object the contract leaves open, one row each. */
function GenericList({ entries, label }: { entries: [string, unknown][]; label: string }) {
  return (
    <dl aria-label={label} className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{humanize(key)}</dt>
          <dd className="mt-0.5 text-sm font-medium break-words">
            {value === null || value === undefined || value === '' ? (
              <span className="text-zinc-500 dark:text-zinc-400">—</span>
            ) : typeof value === 'object' ? (
              JSON.stringify(value)
            ) : typeof value === 'string' && isWordCode(value) ? (
              humanize(value)
            ) : (
              String(value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const SPEC_FIELDS: { key: string; label: string; unit?: string }[] = [
  { key: 'make', label: 'Make' },
  { key: 'model', label: 'Model' },
  { key: 'modelYear', label: 'Model year' },
  { key: 'batteryCapacity', label: 'Battery capacity (gross)', unit: 'kWh' },
  { key: 'batteryCapacityNet', label: 'Battery capacity (usable)', unit: 'kWh' },
  { key: 'standardEvr', label: 'Standard electric range', unit: 'km' },
  { key: 'allElectricRange', label: 'All-electric range', unit: 'km' },
  { key: 'allElectricRangeMin', label: 'All-electric range, lowest', unit: 'km' },
];

function SpecificationsCard({ org, vehicleId, vehicle }: { org: string; vehicleId: string; vehicle?: VehicleRecord }) {
  const query = useVehicleData<SpecificationsResponse>(org, vehicleId, 'specifications');
  return (
    <DataCard
      id="specifications"
      title="Specifications"
      description="Battery and range as the manufacturer specifies them for this trim."
      query={query}
    >
      {({ specifications, available }) => {
        if (!available) {
          const sent = vehicle?.registrationCountry;
          const country = vehicle?.accountCountry;
          return (
            <Explanation title="No specifications for this registration country">
              <p>
                Specifications depend on identifying the vehicle&apos;s trim, which the Vehicle API can only do for vehicles registered in{' '}
                {listOf(SPECIFICATION_COUNTRIES.map(countryName))}.{' '}
                {sent
                  ? `This vehicle is registered in ${countryName(sent)} (${sent}).`
                  : country
                    ? `The Vehicle API takes the country from the vehicle's account, connected for ${countryName(country)} (${country}).`
                    : 'The Vehicle API keeps no registration country per vehicle: it takes the one given when the account was connected, and none was given through Motorpool for this account.'}
              </p>
              <p>Nothing is wrong with the vehicle or its connection; every field came back empty.</p>
            </Explanation>
          );
        }
        const record = specifications as Record<string, unknown>;
        const known = new Set(SPEC_FIELDS.map((f) => f.key));
        return (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 lg:grid-cols-4">
              {SPEC_FIELDS.map(({ key, label, unit }) => (
                <div key={key}>
                  <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
                  <dd className="tabular mt-0.5 text-sm font-medium">
                    {record[key] === null || record[key] === undefined ? (
                      <span className="text-zinc-500 dark:text-zinc-400">—</span>
                    ) : unit === 'km' ? (
                      <DistanceFigure value={record[key] as number | string} unit={unit} />
                    ) : unit ? (
                      figureText(record[key] as number | string, unit)
                    ) : (
                      String(record[key])
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            {Object.keys(record).some((k) => !known.has(k)) ? (
              <GenericList label="Other specifications" entries={Object.entries(record).filter(([k]) => !known.has(k))} />
            ) : null}
          </div>
        );
      }}
    </DataCard>
  );
}

function OptionsCard({ org, vehicleId, vehicle }: { org: string; vehicleId: string; vehicle?: VehicleRecord }) {
  const query = useVehicleData<OptionsResponse>(org, vehicleId, 'options');
  return (
    <DataCard id="options" title="Options" description="The vehicle's configuration and factory options." query={query}>
      {({ options, unsupported }) => {
        if (unsupported || !options) {
          return (
            <Explanation title="Options are not available for this brand">
              <p>
                The Vehicle API offers factory options for one manufacturer&apos;s vehicles only
                {vehicle?.make ? `, and this vehicle is a ${makeLabel(vehicle.make)}` : ''}. It answered{' '}
                <span className="font-mono">{unsupported?.code ?? 'no options'}</span>
                {unsupported?.message ? `: “${unsupported.message}”` : ''}.
              </p>
              <p>Nothing is wrong with the vehicle or its connection.</p>
            </Explanation>
          );
        }
        const config = Object.entries(options.vehicleConfig ?? {});
        const list = options.options ?? [];
        return (
          <div className="space-y-4">
            <section aria-labelledby="vehicle-config-heading" className="space-y-2">
              <h3 id="vehicle-config-heading" className="text-sm font-semibold">
                Configuration
              </h3>
              {config.length ? (
                <GenericList label="Configuration" entries={config} />
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">No configuration reported.</p>
              )}
            </section>
            <section aria-labelledby="vehicle-options-heading" className="space-y-2">
              <h3 id="vehicle-options-heading" className="text-sm font-semibold">
                Factory options ({list.length})
              </h3>
              {list.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">The vehicle has no factory options listed.</p>
              ) : (
                <TableScroll label="Factory options">
                  <PlainTable caption="Factory options" columns={['Option', 'Code']}>
                    {list.map((option, i) => (
                      <tr key={`${option.code}-${i}`}>
                        <td className="px-3 py-1.5">{option.description ?? <span className="text-zinc-500 dark:text-zinc-400">—</span>}</td>
                        <td className="px-3 py-1.5 font-mono text-xs">{option.code}</td>
                      </tr>
                    ))}
                  </PlainTable>
                </TableScroll>
              )}
            </section>
          </div>
        );
      }}
    </DataCard>
  );
}

/** Options and specifications, both open shapes rendered as they come; the two "not available" answers explained in words. */
export function DetailsView({ org, vehicleId }: { org: string; vehicleId: string }) {
  const vehicle = useVehicle(org, vehicleId);
  return (
    <div className="space-y-6">
      <SpecificationsCard org={org} vehicleId={vehicleId} vehicle={vehicle.data?.vehicle} />
      <OptionsCard org={org} vehicleId={vehicleId} vehicle={vehicle.data?.vehicle} />
    </div>
  );
}
