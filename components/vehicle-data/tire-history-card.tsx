'use client';

import { parseAsString, useQueryStates } from 'nuqs';
import { withUrlState } from '@/components/list/with-url-state';
import { ListNotice } from '@/components/list/pager';
import { SectionCard } from '@/components/ui/card';
import { ErrorState, LoadingRows, LoadingBlocks } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { tireRangeProblem } from '@/lib/vehicle-data/tire-range';
import type { DayRange } from '@/lib/vehicle-data/schemas';
import { addDays, addMonths, dayKeyOf, isDayRange, zonedDayEnd, zonedDayStart } from '@/lib/vehicle-data/days';
import { formatNumber } from '@/lib/format/figures';
import { bucketTireReadings, TIRES, tireBucketSize, type TireBucket, type TireStats } from '@/lib/vehicle-data/tires';
import type { TireHistoryResponse } from '@/lib/vehicle-data/types';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { convertPressure, PRESSURE_LABEL } from '@/lib/format/units';
import type { PressureUnit } from '@/lib/format/preferences';
import { ChartFrame } from './chart-frame';
import { LazyTireChart } from './charts/lazy';
import { DayRangeForm, type RangeErrors } from './day-range-form';
import { RawView } from './raw-view';
import { useVehicleData } from '@/lib/vehicle-data/query';
import { useDayRangeErrors } from '@/lib/vehicle-data/range-query';
import { SectionError } from '@/components/list/section-error';

/** Months ending today in the person's time zone, today included: three are never longer than the 92 days the upstream allows. */
const lastMonths = (months: number, zone: string): DayRange => {
  const today = dayKeyOf(new Date(), zone)!;
  return { from: addDays(addMonths(today, -months), 1), to: today };
};
const presetsIn = (zone: string) => [
  {
    label: 'Last 7 days',
    range: () => {
      const today = dayKeyOf(new Date(), zone)!;
      return { from: addDays(today, -6), to: today };
    },
  },
  { label: 'Last month', range: () => lastMonths(1, zone) },
  { label: 'Last 3 months', range: () => lastMonths(3, zone) },
];

type Checked = { ok: true; query: string } | { ok: false; errors: RangeErrors };

/** Real days as instants in the person's time zone (the one the charts group by), held to the limit the server applies (the schema's own rule) before anything is sent. */
function checkDays(range: DayRange, zone: string): Checked {
  const instants = { from: zonedDayStart(range.from, zone).toISOString(), to: zonedDayEnd(range.to, zone).toISOString() };
  const problem = tireRangeProblem(instants.from, instants.to);
  if (problem) return { ok: false, errors: { from: problem } };
  return { ok: true, query: new URLSearchParams(instants).toString() };
}

function cell(stats: TireBucket['frontLeft'], size: 'hour' | 'day') {
  if (!stats) return '—';
  return size === 'hour' ? formatNumber(stats.mean) : `${formatNumber(stats.mean)} (${formatNumber(stats.min)}–${formatNumber(stats.max)})`;
}

/** The buckets in the person's pressure unit (readings arrive in kPa). */
function inUnit(buckets: TireBucket[], unit: PressureUnit): TireBucket[] {
  if (unit === 'kpa') return buckets;
  const stats = (s: TireStats | null): TireStats | null =>
    s && { min: convertPressure(s.min, unit)!, mean: convertPressure(s.mean, unit)!, max: convertPressure(s.max, unit)! };
  return buckets.map((b) => ({ ...b, ...Object.fromEntries(TIRES.map(({ key }) => [key, stats(b[key])])) }) as TireBucket);
}

function TireCharts({ data }: { data: TireHistoryResponse }) {
  const { pressure, zone } = usePreferences();
  const unit = PRESSURE_LABEL[pressure];
  const first = data.tires[0]?.bucket;
  const last = data.tires.at(-1)?.bucket;
  if (!first || !last) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No tire pressure was reported in this range.</p>;
  const size = tireBucketSize(Date.parse(first), Date.parse(last));
  const buckets = inUnit(bucketTireReadings(data.tires, size, zone), pressure);
  const values = buckets.flatMap((b) => TIRES.flatMap(({ key }) => (b[key] ? [b[key].min, b[key].max] : [])));
  // One scale for the four tires, in round steps, so they compare at a glance.
  const low = values.length ? Math.min(...values) : pressure === 'psi' ? 29 : 200;
  const high = values.length ? Math.max(...values) : pressure === 'psi' ? 44 : 300;
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => (high - low) / s <= 4) ?? 100;
  const domain: [number, number] = [Math.floor(low / step) * step - step, Math.ceil(high / step) * step + step];
  const ticks = Array.from({ length: (domain[1] - domain[0]) / step + 1 }, (_, i) => domain[0] + i * step);
  return (
    <ChartFrame
      title={`Tire pressure per tire (${unit})`}
      summary={`${data.tires.length} hourly readings${size === 'day' ? ', drawn per day: the line is the mean, the band the lowest and highest of the day' : ''}.`}
      height="h-auto"
      table={{
        caption: `Tire pressure in ${unit} per ${size === 'day' ? 'day: mean (lowest–highest)' : 'hour'}`,
        columns: [size === 'day' ? 'Day' : 'Hour', ...TIRES.map((t) => `${t.label} (${unit})`)],
        rows: buckets.map((b) => ({
          key: b.key,
          cells: [
            size === 'day' ? <Time key="d" value={b.start} dateOnly /> : <Time key="h" value={b.start} />,
            ...TIRES.map((t) => cell(b[t.key], size)),
          ],
        })),
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {TIRES.map((tire) => (
          <div key={tire.key}>
            <p className="text-xs font-medium">{tire.label}</p>
            <div className="h-40">
              <LazyTireChart buckets={buckets} tire={tire.key} size={size} domain={domain} ticks={ticks} unit={unit} />
            </div>
          </div>
        ))}
      </div>
    </ChartFrame>
  );
}

/**
 * The range in the URL as written: a range that is not two real days in order is not replaced by
 * the default but explained (useUrlRangeErrors), so a wrong link says what is wrong with it.
 */
const tireRangeParams = { from: parseAsString, to: parseAsString };

/** Tire pressures over a chosen range of at most three months (default the last three), refused in the browser before any call. */
function TireHistory({ org, vehicleId }: { org: string; vehicleId: string }) {
  const inBrowser = useInBrowser();
  const { zone } = usePreferences();
  const [fromUrl, setRange] = useQueryStates(tireRangeParams);
  const inUrl = fromUrl.from !== null || fromUrl.to !== null;
  const range: DayRange = inBrowser
    ? inUrl
      ? { from: fromUrl.from ?? '', to: fromUrl.to ?? '' }
      : lastMonths(3, zone)
    : { from: '', to: '' };
  const validDays = isDayRange(range);
  const urlErrors = useDayRangeErrors(range, inBrowser && !validDays);
  const checked: Checked | null = !inBrowser
    ? null
    : validDays
      ? checkDays(range, zone)
      : urlErrors.data
        ? { ok: false, errors: urlErrors.data }
        : null;
  const query = useVehicleData<TireHistoryResponse>(org, vehicleId, 'maintenance/tires', checked?.ok ? checked.query : '', {
    enabled: checked?.ok === true,
  });
  if (urlErrors.isError)
    return <ErrorState error={urlErrors.error} title="The dates in the address could not be checked" onRetry={() => urlErrors.refetch()} />;
  if (!inBrowser || !checked) return <LoadingRows label="Loading the tire pressures" />;
  return (
    <SectionCard
      id="tires-heading"
      title="Tire pressure history"
      description="Hourly readings over at most three months; by default the last three."
      footer={checked.ok && query.data ? <RawView meta={query.data} label="Tire pressure history" /> : null}
    >
      <DayRangeForm
        key={`${range.from}|${range.to}`}
        id="tires-range"
        label="Tire history dates"
        value={range}
        presets={presetsIn(zone)}
        check={(next) => {
          // The form has checked that these are two real days in order.
          const result = checkDays(next, zone);
          return result.ok ? null : result.errors;
        }}
        onApply={(next) => void setRange(next, { history: 'push' })}
      />
      {!checked.ok ? (
        <ListNotice>Nothing was loaded: {Object.values(checked.errors).join(' ')}. Choose other dates.</ListNotice>
      ) : query.isPending ? (
        <LoadingBlocks label="Loading the tire pressures" blocks={['h-80 w-full']} />
      ) : query.isError ? (
        <SectionError error={query.error} title="The tire pressures could not be loaded" onRetry={() => query.refetch()} />
      ) : (
        <TireCharts data={query.data} />
      )}
    </SectionCard>
  );
}

export const TireHistoryCard = withUrlState(TireHistory);
