'use client';

import { DataTable } from '@/components/ui/data-table';
import { Field, SelectField } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { ONBOARDING_STAGES, STAGE_LABELS, type OnboardingItem, type OnboardingStage } from '@/lib/connect/onboarding';
import { useOnboarding } from '@/lib/query/onboarding';
import { useSearchState } from '@/lib/query/use-search-state';
import type { Tone } from '@/lib/tone';

const TONE: Record<OnboardingStage, Tone> = {
  link_created: 'pending',
  link_expired: 'danger',
  consent_refused: 'danger',
  account_confirmed: 'pending',
  vehicles_appeared: 'pending',
  first_telemetry: 'success',
};

/** Every consent link from its creation to the first data of its vehicles, with filters kept in the URL. */
export function OnboardingBoard({ org }: { org: string }) {
  const { searchParams, update } = useSearchState();
  const stage = searchParams.get('stage') ?? '';
  const stuckHours = searchParams.get('stuckHours') ?? '';
  const createdBy = searchParams.get('createdBy') ?? '';
  const query = new URLSearchParams();
  if (stage) query.set('stage', stage);
  if (stuckHours) query.set('stuckHours', stuckHours);
  if (createdBy) query.set('createdBy', createdBy);
  const onboarding = useOnboarding(org, query.toString());
  const filtered = Boolean(stage || stuckHours || createdBy);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Onboarding filters">
        <SelectField
          id="onboarding-stage"
          label="Stage"
          compact
          value={stage}
          onChange={(e) => update({ stage: e.target.value || undefined })}
        >
          <option value="">All</option>
          {ONBOARDING_STAGES.map((s) => (
            <option key={s} value={s}>
              {STAGE_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <Field
          id="onboarding-stuck"
          label="Stuck for more than (hours)"
          compact
          type="number"
          min={0}
          step="any"
          className="w-48"
          defaultValue={stuckHours}
          onBlur={(e) => update({ stuckHours: e.target.value || undefined })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ stuckHours: e.currentTarget.value || undefined });
          }}
        />
        <Field
          id="onboarding-created-by"
          label="Created by (email)"
          compact
          type="email"
          className="w-56"
          defaultValue={createdBy}
          onBlur={(e) => update({ createdBy: e.target.value || undefined })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ createdBy: e.currentTarget.value || undefined });
          }}
        />
      </div>
      <DataTable<OnboardingItem>
        label="Onboarding"
        caption="Each consent link: its stage, since when, and what to do next"
        query={onboarding}
        rows={onboarding.data?.items}
        rowKey={(i) => i.linkId}
        rowAttributes={(i) => ({ 'data-link-id': i.linkId })}
        texts={{ loading: 'Loading onboarding', error: 'The onboarding could not be loaded' }}
        empty={
          <EmptyState title={filtered ? 'Nothing matches' : 'No consent link yet'}>
            {filtered ? 'Change or clear the filters.' : 'Create a consent link on the Connect page; it is followed here.'}
          </EmptyState>
        }
        columns={[
          { id: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (i) => <Time value={i.createdAt} /> },
          {
            id: 'link',
            header: 'Connection',
            className: 'text-xs',
            cell: (i) => (
              <>
                {i.mode === 'vehicle' ? `Vehicle ${i.vin ?? ''}` : 'Account'}
                {i.makes.length ? ` · ${i.makes.join(', ')}` : ''}
                <span className="block text-zinc-600 dark:text-zinc-400">by {i.createdBy ?? 'a former member'}</span>
                {i.accountId ? <span className="block font-mono">{i.accountId}</span> : null}
              </>
            ),
          },
          {
            id: 'stage',
            header: 'Stage',
            cell: (i) => (
              <>
                <StatusBadge tone={TONE[i.stage]}>{STAGE_LABELS[i.stage]}</StatusBadge>
                {i.vehicleCount ? <span className="block text-xs">{i.vehicleCount} vehicle(s)</span> : null}
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
