'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { LazyBackfillPanel } from '@/components/history/lazy-backfill-panel';
import { withUrlState } from '@/components/list/with-url-state';
import { LoadingRows } from '@/components/ui/states';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { useDayRangeUrl } from './use-day-range-url';

/** Long enough that a vehicle charging a few times a week fills the first page. */
const DEFAULT_DAYS = 90;

/**
 * The sessions, their range form, look-up, chart and table: drawn in the browser only (the range is
 * in the person's days), so the server's first paint is the loading rows below either way. Their
 * code loads after the page's own, behind the same loading rows.
 */
const ChargingSessions = clientLazy(
  () => import('./charging-sessions').then((m) => m.ChargingSessions),
  () => <LoadingRows label="Loading charging sessions" />,
);

/** Charging sessions of a date range (kept in the URL, exported as CSV), look-up by id always, energy per session as a chart. */
function Charging({ org, vehicleId }: { org: string; vehicleId: string }) {
  const inBrowser = useInBrowser();
  const { zone } = usePreferences();
  // Days are the person's days: in their chosen zone, else the browser's.
  const { range, setRange, instants } = useDayRangeUrl(zone, DEFAULT_DAYS);
  if (!inBrowser) return <LoadingRows label="Loading charging sessions" />;
  return (
    <div className="space-y-6">
      <ChargingSessions org={org} vehicleId={vehicleId} range={range} setRange={setRange} instants={instants} zone={zone} />
      <LazyBackfillPanel org={org} vehicleId={vehicleId} />
    </div>
  );
}

export const ChargingView = withUrlState(Charging);
