'use client';

import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PlainTable } from '@/components/ui/plain-table';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import { humanize, isWordCode, withUnit } from '@/lib/format/figures';
import { otherSignals, type Signal } from '@/lib/vehicle-data/telemetry';
import type { TelemetryResponse } from '@/lib/vehicle-data/types';
import { useNow } from '@/lib/hooks/use-now';
import { DataCard } from './data-card';
import { STALE_LEGEND, TelemetryCards } from './telemetry-cards';
import { useForcedVehicleDataRefresh, useVehicleData } from '@/lib/vehicle-data/query';

export const AUTO_REFRESH_MS = 30_000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function useTelemetry(org: string, vehicleId: string, autoRefresh = false) {
  return useVehicleData<TelemetryResponse>(org, vehicleId, 'telemetry', '', { refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false });
}

function SignalValue({ signal }: { signal: Signal }) {
  const { value, unit } = signal;
  if (value === null) return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  if (typeof value === 'number') return <span className="tabular">{withUnit(value, unit, 2)}</span>;
  if (typeof value === 'boolean') return <span>{value ? 'Yes' : 'No'}</span>;
  if (ISO_INSTANT.test(value)) return <Time value={value} />;
  return <span>{isWordCode(value) ? humanize(value) : value}</span>;
}

/** Every signal the cards do not show, whatever the upstream sends, so nothing is hidden. */
function OtherSignals({ signals }: { signals: Signal[] }) {
  if (signals.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">The Vehicle API reported no other signals.</p>;
  return (
    <TableScroll label="Other signals">
      <PlainTable caption="Other telemetry signals" columns={['Signal', 'Value', 'Measured']}>
        {signals.map((signal) => (
          <tr key={signal.key}>
            <th scope="row" className="min-w-40 px-3 py-1.5 font-normal">
              {signal.label}
            </th>
            <td className="px-3 py-1.5 whitespace-nowrap">
              <SignalValue signal={signal} />
            </td>
            <td className="px-3 py-1.5 whitespace-nowrap">
              {signal.timestamp ? <Time value={signal.timestamp} compact /> : <span className="text-zinc-500 dark:text-zinc-400">—</span>}
            </td>
          </tr>
        ))}
      </PlainTable>
    </TableScroll>
  );
}

/** All of the vehicle's telemetry: the key cards, every other signal, refresh on demand or every 30 seconds. */
export function TelemetryView({ org, vehicleId }: { org: string; vehicleId: string }) {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const query = useTelemetry(org, vehicleId, autoRefresh);
  const refresh = useForcedVehicleDataRefresh(org, vehicleId, 'telemetry');
  const now = useNow(30_000);
  return (
    <DataCard
      id="telemetry"
      title="Telemetry"
      description={STALE_LEGEND}
      query={query}
      skeleton="h-72"
      actions={
        <>
          <Checkbox label="Auto-refresh every 30 s" checked={autoRefresh} onCheckedChange={setAutoRefresh} />
          <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={query.isFetching}>
            <RefreshCw aria-hidden className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} />
            {query.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        </>
      }
    >
      {(data) => (
        <div className="space-y-6">
          <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
            Read from the Vehicle API <Time value={query.dataUpdatedAt} />
            {autoRefresh ? ', refreshing every 30 seconds' : ''}.
          </p>
          <TelemetryCards telemetry={data.telemetry} now={now} />
          <section aria-labelledby="other-signals-heading" className="space-y-2">
            <h3 id="other-signals-heading" className="text-sm font-semibold">
              Other signals
            </h3>
            <OtherSignals signals={otherSignals(data.telemetry)} />
          </section>
        </div>
      )}
    </DataCard>
  );
}
