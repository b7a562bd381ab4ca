'use client';

import Link from 'next/link';
import { parseAsString, useQueryStates } from 'nuqs';
import { useState, type FormEvent } from 'react';
import { withUrlState } from '@/components/list/with-url-state';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, SelectField } from '@/components/ui/field';
import { PlainTable } from '@/components/ui/plain-table';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { TableScroll } from '@/components/ui/table-scroll';
import { Distance } from '@/components/ui/units';
import { currentMonthKey, parsePeriod, quarterKeyOf, type PeriodKind } from '@/lib/reports/period';
import { Refreshing } from '@/components/ui/refreshing';
import { logbookCsvPath, reportCsvPath, useReport } from '@/lib/reports/query';
import {
  coverageSentence,
  FIGURES,
  figureValue,
  reportSearch,
  type ReportRow,
  type ReportTotal,
  type ReportView,
} from '@/lib/reports/report';
import { useSavedViews } from '@/lib/views/query';
import { CoverageTable } from './coverage-table';
import { LazyReportCharts } from './lazy-report-charts';
import { LazyReportSchedules } from './lazy-report-schedules';

const reportParams = {
  period: parseAsString.withDefault(''),
  tagKey: parseAsString.withDefault(''),
  tagValue: parseAsString.withDefault(''),
  view: parseAsString.withDefault(''),
};

const numberCell = 'px-3 py-2 text-right whitespace-nowrap tabular';
const one = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const hours = (seconds: number) => `${one(seconds / 3600)} h`;
const kwh = (value: number) => `${one(value)} kWh`;
const health = (value: number | null) => (value === null ? '—' : `${one(value)} %`);
const money = (value: number | null, currency: string | null) =>
  value === null || currency === null ? '—' : value.toLocaleString('en', { style: 'currency', currency });

/** The last eight quarters, newest first. */
function recentQuarters(now: Date): string[] {
  const keys: string[] = [];
  for (let back = 0; back < 8; back++) keys.push(quarterKeyOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back * 3, 1))));
  return keys;
}

function PeriodPicker({ period, onChange }: { period: string; onChange: (next: string) => void }) {
  const now = new Date();
  const parsed = parsePeriod(period);
  const kind: PeriodKind = 'period' in parsed ? parsed.period.kind : 'month';
  const [range, setRange] = useState(() => {
    const [from = '', to = ''] = kind === 'custom' ? period.split('..') : [];
    return { from, to };
  });
  const setKind = (next: PeriodKind) => {
    if (next === 'month') onChange(currentMonthKey(now));
    else if (next === 'quarter') onChange(quarterKeyOf(now));
    else {
      const today = now.toISOString().slice(0, 10);
      const start = `${today.slice(0, 8)}01`;
      setRange({ from: start, to: today });
      onChange(`${start}..${today}`);
    }
  };
  const setEnd = (end: 'from' | 'to', value: string) => {
    const next = { ...range, [end]: value };
    setRange(next);
    if (next.from && next.to && next.from <= next.to) onChange(`${next.from}..${next.to}`);
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Period</legend>
      <SelectField id="report-period-kind" label="Period" compact value={kind} onChange={(e) => setKind(e.target.value as PeriodKind)}>
        <option value="month">Month</option>
        <option value="quarter">Quarter</option>
        <option value="custom">Custom range</option>
      </SelectField>
      {kind === 'month' ? (
        <Field
          id="report-month"
          label="Month"
          compact
          type="month"
          value={period}
          max={currentMonthKey(now)}
          onChange={(e) => e.target.value && onChange(e.target.value)}
        />
      ) : kind === 'quarter' ? (
        <SelectField id="report-quarter" label="Quarter" compact value={period} onChange={(e) => onChange(e.target.value)}>
          {recentQuarters(now).map((key) => (
            <option key={key} value={key}>
              {key.replace('-', ' ')}
            </option>
          ))}
        </SelectField>
      ) : (
        <>
          <Field id="report-from" label="From" compact type="date" value={range.from} onChange={(e) => setEnd('from', e.target.value)} />
          <Field id="report-to" label="To" compact type="date" value={range.to} onChange={(e) => setEnd('to', e.target.value)} />
        </>
      )}
    </fieldset>
  );
}

type ScopeState = { tagKey: string; tagValue: string; view: string };

function ScopePicker({ org, scope, onChange }: { org: string; scope: ScopeState; onChange: (next: ScopeState) => void }) {
  const views = useSavedViews(org);
  const [kind, setKind] = useState<'all' | 'tag' | 'view'>(scope.tagKey ? 'tag' : scope.view ? 'view' : 'all');
  const [tag, setTag] = useState({ key: scope.tagKey, value: scope.tagValue });
  const choose = (next: 'all' | 'tag' | 'view') => {
    setKind(next);
    if (next === 'all') onChange({ tagKey: '', tagValue: '', view: '' });
  };
  const applyTag = (event: FormEvent) => {
    event.preventDefault();
    if (tag.key.trim() && tag.value.trim()) onChange({ tagKey: tag.key.trim(), tagValue: tag.value.trim(), view: '' });
  };
  return (
    <form className="flex flex-wrap items-end gap-3" aria-label="Report scope" onSubmit={applyTag}>
      <SelectField
        id="report-scope"
        label="Vehicles"
        compact
        value={kind}
        onChange={(e) => choose(e.target.value as 'all' | 'tag' | 'view')}
      >
        <option value="all">All vehicles</option>
        <option value="tag">With a tag</option>
        <option value="view">In a saved view</option>
      </SelectField>
      {kind === 'tag' ? (
        <>
          <Field id="report-tag-key" label="Tag key" compact value={tag.key} onChange={(e) => setTag({ ...tag, key: e.target.value })} />
          <Field
            id="report-tag-value"
            label="Tag value"
            compact
            value={tag.value}
            onChange={(e) => setTag({ ...tag, value: e.target.value })}
          />
          <Button type="submit" size="sm" variant="secondary">
            Apply
          </Button>
        </>
      ) : kind === 'view' ? (
        <SelectField
          id="report-view"
          label="Saved view"
          compact
          value={scope.view}
          onChange={(e) => onChange({ tagKey: '', tagValue: '', view: e.target.value })}
        >
          <option value="">Choose a view</option>
          {(views.data?.views ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </SelectField>
      ) : null}
    </form>
  );
}

function vehicleName(row: ReportRow) {
  return row.plate ?? row.vin ?? row.vehicleId;
}

function FigureCells({ row, currency, testId }: { row: ReportRow | ReportTotal; currency: string | null; testId?: string }) {
  return (
    <>
      <td className={numberCell} data-testid={testId ? `${testId}-distance` : undefined}>
        <Distance value={row.distanceKm} />
      </td>
      <td className={numberCell}>{hours(row.drivingSeconds)}</td>
      <td className={numberCell}>{row.journeys}</td>
      <td className={numberCell}>{kwh(row.energyChargedKwh)}</td>
      <td className={numberCell}>{row.chargingSessions}</td>
      <td className={numberCell} data-testid={testId ? `${testId}-charging-cost` : undefined}>
        {money(row.chargingCost, currency)}
      </td>
      <td className={numberCell}>{row.idleDays}</td>
      <td className={numberCell}>{row.daysWithoutData}</td>
      <td className={numberCell}>{health(row.healthStart)}</td>
      <td className={numberCell}>{health(row.healthEnd)}</td>
    </>
  );
}

const right = (label: string) => ({ label, align: 'right' as const });

function VehicleTable({ org, report }: { org: string; report: ReportView }) {
  const slug = encodeURIComponent(org);
  const period = encodeURIComponent(report.period.key);
  return (
    <TableScroll label="Per vehicle">
      <PlainTable
        caption={`Per vehicle, ${report.period.label}, with the total`}
        columns={[
          'Vehicle',
          right('Distance'),
          right('Driving time'),
          right('Journeys'),
          right('Energy charged'),
          right('Charging sessions'),
          right(report.currency ? `Charging cost (${report.currency})` : 'Charging cost'),
          right('Idle days'),
          right('Days without data'),
          right('Battery health, start'),
          right('Battery health, end'),
          'Logbook',
        ]}
      >
        {report.rows.map((row) => (
          <tr key={row.vehicleId} data-testid="report-row" data-vehicle-id={row.vehicleId}>
            <th scope="row" className="px-3 py-2 font-normal">
              <Link
                className="font-medium underline-offset-2 hover:underline"
                href={`/o/${slug}/vehicles/${encodeURIComponent(row.vehicleId)}`}
              >
                {vehicleName(row)}
              </Link>
              {row.name ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">{row.name}</span> : null}
            </th>
            <FigureCells row={row} currency={report.currency} />
            <td className="px-3 py-2 text-xs whitespace-nowrap">
              <Link className="underline" href={`/o/${slug}/reports/logbook/${encodeURIComponent(row.vehicleId)}?period=${period}`}>
                Print<span className="sr-only"> logbook of {vehicleName(row)}</span>
              </Link>
              {' · '}
              <a className="underline" href={logbookCsvPath(org, row.vehicleId, report.period.key)} download>
                CSV<span className="sr-only"> logbook of {vehicleName(row)}</span>
              </a>
            </td>
          </tr>
        ))}
        <tr className="border-t-2 border-zinc-300 font-semibold dark:border-zinc-700" data-testid="report-total">
          <th scope="row" className="px-3 py-2">
            Total ({report.total.vehicles})
          </th>
          <FigureCells row={report.total} currency={report.currency} testId="report-total" />
          <td className="px-3 py-2" />
        </tr>
      </PlainTable>
    </TableScroll>
  );
}

function DayTable({ report }: { report: ReportView }) {
  return (
    <TableScroll label="Per day" frame="outlined" scroll="both" className="max-h-96">
      <PlainTable
        caption={`Per day (UTC), ${report.period.label}`}
        columns={['Day', ...FIGURES.map((f) => right(f.unit ? `${f.label} (${f.unit})` : f.label))]}
      >
        {report.days.map((day) => (
          <tr key={day.day}>
            <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap tabular">
              {day.day}
            </th>
            {FIGURES.map((f) => (
              <td key={f.key} className="px-3 py-1.5 text-right tabular">
                {figureValue(day, f.key)}
              </td>
            ))}
          </tr>
        ))}
      </PlainTable>
    </TableScroll>
  );
}

function CsvLink({ href, children }: { href: string; children: string }) {
  return (
    <a className={buttonClass({ size: 'xs', variant: 'secondary' })} href={href} download>
      {children}
    </a>
  );
}

/** The Reports section: period and scope in the URL, the coverage line, the table per vehicle with its total, a chart per figure beside the daily table, CSV of each. */
function ReportsViewInner({ org }: { org: string }) {
  const [state, setState] = useQueryStates(reportParams);
  const search = reportSearch(state);
  const report = useReport(org, search);
  const period = state.period || currentMonthKey(new Date());
  const data = report.data;
  const views = useSavedViews(org);
  const viewNames = new Map((views.data?.views ?? []).map((v) => [v.id, v.name]));

  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-end gap-x-6 gap-y-3 p-4">
        <PeriodPicker key={period} period={period} onChange={(next) => void setState({ period: next }, { history: 'push' })} />
        <ScopePicker org={org} scope={state} onChange={(next) => void setState(next, { history: 'push' })} />
      </Card>
      {report.isError ? (
        <ErrorState error={report.error} title="The report could not be made" onRetry={() => void report.refetch()} />
      ) : !data ? (
        <LoadingRows label="Loading the report" rows={6} />
      ) : (
        // Another period or scope keeps the figures shown until its own arrive: marked busy meanwhile.
        <Refreshing active={report.isPlaceholderData} label="Loading the report for the chosen period and scope">
          <div className="space-y-4">
            <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="report-coverage">
              <span className="font-medium">{data.period.label}: </span>
              {coverageSentence(data.coverage)}
            </p>
            {data.rows.length === 0 ? (
              <EmptyState title="No vehicle in this scope">
                Choose all vehicles, another tag or another saved view; vehicles appear here once the fleet snapshot has listed them.
              </EmptyState>
            ) : (
              <>
                <Card aria-labelledby="report-vehicles-title">
                  <CardHeader
                    id="report-vehicles-title"
                    title="Per vehicle"
                    description={
                      data.currency
                        ? 'From Motorpool’s history store; days are UTC days up to today; charging priced with the organization’s tariff.'
                        : 'From Motorpool’s history store; days are UTC days up to today. Set a charging tariff in Settings to see the cost of charging.'
                    }
                    actions={<CsvLink href={reportCsvPath(org, search, 'vehicles')}>Download CSV</CsvLink>}
                  />
                  <VehicleTable org={org} report={data} />
                </Card>
                <Card aria-labelledby="report-days-title">
                  <CardHeader
                    id="report-days-title"
                    title="Over time"
                    description="Each figure per day, summed over the vehicles in scope."
                    actions={<CsvLink href={reportCsvPath(org, search, 'days')}>Download CSV</CsvLink>}
                  />
                  <div className="grid gap-4 p-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                    <LazyReportCharts days={data.days} />
                    <DayTable report={data} />
                  </div>
                </Card>
                <details className="rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
                  <summary className="cursor-pointer font-medium">Coverage per vehicle</summary>
                  <div className="mt-3 space-y-2">
                    <CsvLink href={reportCsvPath(org, search, 'coverage')}>Download CSV</CsvLink>
                    <CoverageTable org={org} report={data} />
                  </div>
                </details>
              </>
            )}
          </div>
        </Refreshing>
      )}
      <LazyReportSchedules org={org} scope={state} viewNames={viewNames} />
    </div>
  );
}

export const ReportsView = withUrlState(ReportsViewInner);
