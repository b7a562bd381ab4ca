'use client';

import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Time } from '@/components/ui/time';
import { useVehicleData } from '@/lib/vehicle-data/query';
import { chargingDurationMinutes } from '@/lib/vehicle-data/charging';
import { figureText, formatDuration, formatNumber } from '@/lib/format/figures';
import type { ChargingSessionResponse } from '@/lib/vehicle-data/types';
import { lossText, socText, temperatureText } from './charging-text';
import { DataCard } from './data-card';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="tabular mt-0.5 text-sm font-medium">{children}</dd>
    </div>
  );
}

/** One session by id, whether or not the upstream lists sessions. */
export function SessionDetail({
  org,
  vehicleId,
  sessionId,
  onClose,
}: {
  org: string;
  vehicleId: string;
  sessionId: string;
  onClose: () => void;
}) {
  const query = useVehicleData<ChargingSessionResponse>(org, vehicleId, `charging/${encodeURIComponent(sessionId)}`);
  return (
    <DataCard
      id="charging-session"
      title="Charging session"
      description={<span className="font-mono">{sessionId}</span>}
      query={query}
      actions={
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X aria-hidden className="h-4 w-4" /> Close
        </Button>
      }
    >
      {({ session: s }) => (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Item label="Started">
            <Time value={s.startedAt} />
          </Item>
          <Item label="Ended">
            <Time value={s.endedAt} />
          </Item>
          <Item label="Duration">{formatDuration(chargingDurationMinutes(s))}</Item>
          <Item label="Median power">{figureText(s.kwMedian, 'kW')}</Item>
          <Item label="Energy from the grid">{figureText(s.kwhFromGrid, 'kWh', 2)}</Item>
          <Item label="Energy into the battery">{figureText(s.kwhInHvb, 'kWh', 2)}</Item>
          <Item label="Lost between them">{lossText(s)}</Item>
          <Item label="State of charge">{socText(s)}</Item>
          <Item label="Outside temperature">{temperatureText(s)}</Item>
          <Item label="Location">
            {typeof s.latitude === 'number' && typeof s.longitude === 'number'
              ? `${formatNumber(s.latitude, 5)}, ${formatNumber(s.longitude, 5)}`
              : '—'}
          </Item>
        </dl>
      )}
    </DataCard>
  );
}
