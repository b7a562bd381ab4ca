'use client';

import Link from 'next/link';
import { FilterBar, FilteredEmpty } from '@/components/list/filter-bar';
import { paramFilterBar, type ParamFilter } from '@/components/list/param-filters';
import { createParser, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { withUrlState } from '@/components/list/with-url-state';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import {
  LINK_STAGES,
  STAGE_LABELS,
  type LinkOnboardingItem,
  type OnboardingItem,
  type OnboardingStage,
  type VinListOnboardingItem,
} from '@/lib/onboarding/onboarding';
import { VIN_LIST_STAGES, type ReasonCount } from '@/lib/onboarding/onboarding-stage';
import { useOnboarding } from '@/lib/onboarding/query';
import type { Tone } from '@/lib/tone';

const TONE: Record<OnboardingStage, Tone> = {
  link_created: 'pending',
  link_expired: 'danger',
  consent_refused: 'danger',
  account_confirmed: 'pending',
  vehicles_appeared: 'pending',
  first_telemetry: 'success',
  vehicle_disconnected: 'danger',
  eligibility_running: 'pending',
  eligibility_failed: 'danger',
  none_eligible: 'danger',
  eligibility_checked: 'pending',
  connecting: 'pending',
  connection_incomplete: 'danger',
  connected: 'success',
};

function Reasons({ label, reasons }: { label: string; reasons: ReasonCount[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-0.5 list-disc pl-4 text-zinc-600 dark:text-zinc-400">
      {reasons.map((r) => (
        <li key={r.reason}>
          {r.count} × {r.reason}
        </li>
      ))}
    </ul>
  );
}

function LinkWhat({ item }: { item: LinkOnboardingItem }) {
  return (
    <>
      {item.reconnectsAccountId ? (
        <span className="block font-medium">
          Reconnects account <span className="font-mono">{item.reconnectsAccountId}</span>
        </span>
      ) : null}
      {item.mode === 'vehicle' ? `Vehicle ${item.vin ?? ''}` : 'Account'}
      {item.makes.length ? ` · ${item.makes.join(', ')}` : ''}
      <span className="block text-zinc-600 dark:text-zinc-400">by {item.createdBy ?? 'a former member'}</span>
      {item.accountId ? <span className="block font-mono">{item.accountId}</span> : null}
    </>
  );
}

function VinListWhat({ org, item }: { org: string; item: VinListOnboardingItem }) {
  return (
    <>
      <Link className="font-medium text-accent-700 underline dark:text-accent-100" href={`/o/${org}/eligibility/${item.checkId}`}>
        VIN list{item.label ? ` ${item.label}` : ''}
      </Link>
      {` · ${item.vinCount} VIN${item.vinCount === 1 ? '' : 's'}`}
      <span className="block text-zinc-600 dark:text-zinc-400">by {item.createdBy ?? 'a former member'}</span>
    </>
  );
}

/** Eligibility counts, the ineligible rows' reasons, and the connection results once requested. */
function VinListProgress({ item }: { item: VinListOnboardingItem }) {
  const running = item.stage === 'eligibility_running';
  return (
    <div className="text-xs">
      {running ? null : (
        <>
          <span className="block">
            {item.eligible} eligible · {item.ineligible.count} ineligible
          </span>
          <Reasons label="Ineligible rows" reasons={item.ineligible.reasons} />
        </>
      )}
      {item.connection ? (
        <>
          <span className="block">
            {item.connection.connected} connected · {item.connection.failed.count} failed · {item.connection.pending} pending
          </span>
          <Reasons label="Failed connections" reasons={item.connection.failed.reasons} />
        </>
      ) : null}
    </div>
  );
}

/** Hours, as the route accepts them (0 to a year), written as typed. */
const parseAsStuckHours = createParser<string>({
  parse: (value) => {
    const hours = Number(value);
    return value.trim() !== '' && hours >= 0 && hours <= 24 * 365 ? value : null;
  },
  serialize: (value) => value,
});

/** The board's filters in the URL. */
const onboardingParams = {
  stage: parseAsStringLiteral([...LINK_STAGES, ...VIN_LIST_STAGES]),
  stuckHours: parseAsStuckHours,
  createdBy: parseAsString.withDefault(''),
};

const ONBOARDING_FILTERS: ParamFilter[] = [
  {
    param: 'stage',
    label: 'Stage',
    kind: 'choice',
    options: [
      ...LINK_STAGES.map((s) => ({ value: s, label: `Link: ${STAGE_LABELS[s]}` })),
      ...VIN_LIST_STAGES.map((s) => ({ value: s, label: `VIN list: ${STAGE_LABELS[s]}` })),
    ],
  },
  {
    param: 'stuckHours',
    label: 'Stuck for more than (hours)',
    kind: 'number',
    min: 0,
    max: 24 * 365,
    words: (hours) => `Stuck for more than ${hours} h`,
  },
  { param: 'createdBy', label: 'Created by (email)', kind: 'text' },
];

/** Every consent link and bulk VIN list from its start to its end, with filters kept in the URL. */
function Board({ org }: { org: string }) {
  const [{ stage, stuckHours, createdBy }, setFilters] = useQueryStates(onboardingParams);
  const query = new URLSearchParams();
  if (stage) query.set('stage', stage);
  if (stuckHours) query.set('stuckHours', stuckHours);
  if (createdBy) query.set('createdBy', createdBy);
  const onboarding = useOnboarding(org, query.toString());
  // Each change of filter is one entry in the history.
  const filterBar = paramFilterBar({
    idPrefix: 'onboarding',
    filters: ONBOARDING_FILTERS,
    values: { stage, stuckHours, createdBy },
    onChange: (param, value) => void setFilters({ [param]: value }, { history: 'push' }),
  });
  const clearAll = () => void setFilters({ stage: null, stuckHours: null, createdBy: null }, { history: 'push' });

  return (
    <div className="space-y-3">
      <FilterBar label="Onboarding filters" active={filterBar.active} choices={filterBar.choices} onClearAll={clearAll} />
      <DataTable<OnboardingItem>
        label="Onboarding"
        caption="Each consent link and VIN list: its stage, since when, and what to do next"
        query={onboarding}
        rows={onboarding.data?.items}
        rowKey={(i) => (i.kind === 'link' ? `link:${i.linkId}` : `list:${i.checkId}`)}
        rowAttributes={(i): Record<`data-${string}`, string> =>
          i.kind === 'link' ? { 'data-link-id': i.linkId } : { 'data-check-id': i.checkId }
        }
        texts={{ loading: 'Loading onboarding', error: 'The onboarding could not be loaded' }}
        empty={
          filterBar.active.length > 0 ? (
            <FilteredEmpty noun="connections" active={filterBar.active} onClearAll={clearAll} />
          ) : (
            <EmptyState title="Nothing to follow yet">
              Create a consent link on the Connect page, or check a VIN list on the Eligibility page; each is followed here.
            </EmptyState>
          )
        }
        columns={[
          { id: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (i) => <Time value={i.createdAt} /> },
          {
            id: 'link',
            header: 'Connection',
            className: 'text-xs',
            cell: (i) => (i.kind === 'link' ? <LinkWhat item={i} /> : <VinListWhat org={org} item={i} />),
          },
          {
            id: 'stage',
            header: 'Stage',
            className: 'min-w-48',
            cell: (i) => (
              <>
                <StatusBadge tone={TONE[i.stage]}>{STAGE_LABELS[i.stage]}</StatusBadge>
                {i.kind === 'link' ? (
                  i.vehicleCount ? (
                    <span className="block text-xs">{i.vehicleCount} vehicle(s)</span>
                  ) : null
                ) : (
                  <VinListProgress item={i} />
                )}
              </>
            ),
          },
          {
            id: 'since',
            header: 'Stuck since',
            className: 'whitespace-nowrap text-xs',
            cell: (i) => (i.stuck ? <Time value={i.since} relative /> : <span>not stuck</span>),
          },
          { id: 'next', header: 'Next step', className: 'text-xs min-w-48', cell: (i) => i.nextStep },
        ]}
      />
    </div>
  );
}

export const OnboardingBoard = withUrlState(Board);
