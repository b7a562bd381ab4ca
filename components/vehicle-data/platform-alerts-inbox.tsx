'use client';

import { AlertOctagon, AlertTriangle, BellOff, CheckCircle2, Info } from 'lucide-react';
import Link from 'next/link';
import { parseAsStringLiteral, useQueryStates, type inferParserType, type Nullable } from 'nuqs';
import { FilterBar, FilteredEmpty, type ActiveFilter, type FilterChoice } from '@/components/list/filter-bar';
import { paramFilterBar, type ParamFilter } from '@/components/list/param-filters';
import { numberedPagingParams } from '@/components/list/url-params';
import { useNumberedPaging } from '@/components/list/use-numbered-paging';
import { withUrlState } from '@/components/list/with-url-state';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import type { Tone } from '@/lib/tone';
import { humanize } from '@/lib/format/figures';
import { useTickAlertStep } from '@/lib/alerts/query';
import { useCan } from '@/components/layout/session-role';
import { toast } from '@/components/ui/toast';
import {
  countOpen,
  filterAlerts,
  type AlertFilter,
  type AlertStepView,
  type FleetAlertView,
  type PlatformAlertView,
} from '@/lib/alerts/platform-alerts';

/** Severity as colour, icon and word together (never colour alone). */
const SEVERITY: Record<string, { tone: Tone; icon: typeof Info }> = {
  CRITICAL: { tone: 'danger', icon: AlertOctagon },
  HIGH: { tone: 'danger', icon: AlertTriangle },
  MEDIUM: { tone: 'pending', icon: AlertTriangle },
  LOW: { tone: 'info', icon: Info },
};
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

/**
 * One alert's resolution steps, ticked for the team (saved per alert with who ticked each and
 * when). Managers and admins tick; support reads the ticks.
 */
function Steps({ org, alert }: { org: string; alert: PlatformAlertView }) {
  const canTick = useCan('vehicles.write');
  const tick = useTickAlertStep(org);
  if (alert.steps.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">The service gives no resolution steps for this alert.</p>;
  const pendingStep = tick.isPending && tick.variables?.alertId === alert.id ? tick.variables : null;
  const isDone = (step: AlertStepView) => (pendingStep?.step === step.key ? pendingStep.done : step.tick !== null);
  const done = alert.steps.filter(isDone).length;
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs text-zinc-600 dark:text-zinc-400">
        Resolution steps: {done} of {alert.steps.length} done <span className="sr-only">(ticks are shared with the team)</span>
      </legend>
      <ol className="space-y-1">
        {alert.steps.map((step, i) => {
          const id = `step-${alert.vehicleId}-${alert.id}-${step.key}`.replace(/[^\w-]/g, '_');
          const checked = isDone(step);
          return (
            <li key={step.key} className="flex items-start gap-2 text-sm" data-testid="alert-step">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0"
                checked={checked}
                disabled={!canTick || tick.isPending}
                onChange={() =>
                  tick.mutate(
                    { vehicleId: alert.vehicleId, alertId: alert.id, step: step.key, done: !checked },
                    { onError: (error) => toast.error(`The step could not be saved: ${(error as Error).message}`) },
                  )
                }
              />
              <div>
                <label htmlFor={id} className={checked ? 'text-zinc-500 line-through dark:text-zinc-400' : ''}>
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.text}
                </label>
                {step.tick ? (
                  <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="alert-step-tick">
                    Ticked by {step.tick.by}, <Time value={step.tick.at} relative />
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

function AlertItem({ org, alert }: { org: string; alert: PlatformAlertView | FleetAlertView }) {
  const severity = SEVERITY[alert.severity ?? ''] ?? { tone: 'neutral' as Tone, icon: Info };
  const resolved = alert.status === 'RESOLVED';
  const vehicle = 'vehicle' in alert ? alert.vehicle : null;
  return (
    <li className="space-y-2 py-4" aria-label={alert.title}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={severity.tone} icon={severity.icon}>
          {humanize(alert.severity) || 'Unknown severity'}
        </StatusBadge>
        {resolved ? (
          <StatusBadge tone="success" icon={CheckCircle2}>
            Resolved
          </StatusBadge>
        ) : (
          <StatusBadge tone="pending">{humanize(alert.status) || 'Status unknown'}</StatusBadge>
        )}
        {alert.muted ? (
          <StatusBadge tone="neutral" icon={BellOff}>
            Muted
          </StatusBadge>
        ) : null}
        <span className="font-medium">{alert.title}</span>
      </div>
      {vehicle ? (
        <p className="text-sm">
          <Link
            className="text-accent-700 underline-offset-2 hover:underline dark:text-accent-100"
            href={`/o/${org}/vehicles/${encodeURIComponent(vehicle.id)}/alerts`}
          >
            {vehicle.label}
          </Link>
        </p>
      ) : null}
      {alert.description ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{alert.description}</p> : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {[humanize(alert.category), alert.code ? `code ${alert.code}` : null].filter(Boolean).join(' · ')}
        {alert.createdAt ? (
          <>
            {' · raised '}
            <Time value={alert.createdAt} />
          </>
        ) : null}
        {alert.resolvedAt ? (
          <>
            {' · resolved '}
            <Time value={alert.resolvedAt} />
          </>
        ) : null}
      </p>
      {resolved ? null : <Steps org={org} alert={alert} />}
    </li>
  );
}

/** The inbox's filters in the URL (`muted=shown` shows muted alerts), and the page they reset. */
const alertFilterParams = {
  status: parseAsStringLiteral(['active', 'resolved', 'all'] as const).withDefault('active'),
  muted: parseAsStringLiteral(['shown'] as const),
  severity: parseAsStringLiteral(SEVERITIES),
  page: numberedPagingParams.page,
};

const ALERT_FILTERS: ParamFilter[] = [
  {
    param: 'status',
    label: 'Status',
    kind: 'choice',
    options: [
      { value: 'active', label: 'Active' },
      { value: 'resolved', label: 'Resolved' },
      { value: 'all', label: 'All' },
    ],
  },
  { param: 'severity', label: 'Severity', kind: 'choice', options: SEVERITIES.map((s) => ({ value: s, label: humanize(s) })) },
];

type AlertParams = Omit<inferParserType<typeof alertFilterParams>, 'page'>;

/**
 * The inbox's chips and menu: status (a chip only when not the default, active), severity, and
 * muted alerts shown, a filter that needs no value.
 */
function alertFilterBar(params: AlertParams, setFilter: (changes: Partial<Nullable<AlertParams>>) => void) {
  const bar = paramFilterBar({
    idPrefix: 'alerts',
    filters: ALERT_FILTERS,
    values: { status: params.status === 'active' ? null : params.status, severity: params.severity },
    onChange: (param, value) => setFilter({ [param]: value }),
  });
  const shown = params.muted === 'shown';
  const active: ActiveFilter[] = shown
    ? [...bar.active, { key: 'muted', words: 'Muted alerts shown', remove: () => setFilter({ muted: null }) }]
    : bar.active;
  const choices: FilterChoice[] = [
    ...bar.choices,
    {
      key: 'muted',
      label: 'Show muted',
      group: 'Filters',
      apply: () => setFilter({ muted: 'shown' }),
      unavailable: shown ? 'Already shown' : undefined,
    },
  ];
  return { active, choices };
}

/** The open alerts by severity, as words: "2 critical, 1 high". */
function OpenSummary({ alerts }: { alerts: readonly PlatformAlertView[] }) {
  const { total, bySeverity } = countOpen(alerts);
  if (total === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No open alert (active and not muted).</p>;
  const parts = Object.entries(bySeverity)
    .sort(([a], [b]) => SEVERITIES.indexOf(a as never) - SEVERITIES.indexOf(b as never))
    .map(([s, n]) => `${n} ${humanize(s).toLowerCase() || 'unknown'}`);
  return (
    <p className="text-sm">
      <span className="font-medium">{total} open</span>: {parts.join(', ')}
    </p>
  );
}

/**
 * An inbox of platform alerts with its filters (status, muted, severity) in the URL. `paged`: the
 * matching alerts page by page (`page`, `size` in the URL, like the other numbered lists); a
 * filter change goes back to the first page.
 */
function Inbox({
  org,
  alerts,
  label,
  paged = false,
}: {
  org: string;
  alerts: readonly (PlatformAlertView | FleetAlertView)[];
  label: string;
  paged?: boolean;
}) {
  const [params, setParams] = useQueryStates(alertFilterParams);
  const filter: AlertFilter = { status: params.status, showMuted: params.muted === 'shown', severity: params.severity };
  const matching = filterAlerts(alerts, filter);
  const paging = useNumberedPaging();
  const size = paged ? paging.size : Math.max(1, matching.length);
  // A page past the end (the list shrank since the link was made) shows the last one.
  const page = paged ? Math.min(paging.page, Math.max(0, Math.ceil(matching.length / size) - 1)) : 0;
  const shown = matching.slice(page * size, (page + 1) * size);
  // A filter change goes back to the first page, as one entry in the history.
  const setFilter = (changes: Partial<Nullable<Omit<typeof params, 'page'>>>) =>
    void setParams({ ...changes, page: null }, { history: 'push' });
  const filterBar = alertFilterBar(params, setFilter);
  const clearAll = () => setFilter({ status: null, severity: null, muted: null });
  return (
    <div className="space-y-3">
      <OpenSummary alerts={alerts} />
      <FilterBar label="Alert filters" active={filterBar.active} choices={filterBar.choices} onClearAll={clearAll} />
      {shown.length === 0 ? (
        alerts.length > 0 && filterBar.active.length > 0 ? (
          <FilteredEmpty noun="alerts" active={filterBar.active} onClearAll={clearAll} />
        ) : (
          <EmptyState title={alerts.length === 0 ? 'No alerts' : 'No alert matches these filters'}>
            {alerts.length === 0
              ? 'The Vehicle API has raised no platform alert here.'
              : 'Muted and resolved alerts are hidden unless you ask for them.'}
          </EmptyState>
        )
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={label}>
          {shown.map((alert) => (
            <AlertItem key={'vehicle' in alert ? `${alert.vehicle.id}:${alert.id}` : alert.id} org={org} alert={alert} />
          ))}
        </ul>
      )}
      {paged && shown.length > 0 ? (
        <Pager
          label="Alerts"
          mode="numbered"
          pageIndex={page}
          pageSize={size}
          shown={shown.length}
          total={matching.length}
          hasPrevious={page > 0}
          hasNext={(page + 1) * size < matching.length}
          onPrevious={() => paging.onPage(page - 1)}
          onNext={() => paging.onPage(page + 1)}
          onPageSize={paging.onSize}
        />
      ) : null}
    </div>
  );
}

export const AlertsInbox = withUrlState(Inbox);
