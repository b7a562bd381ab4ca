'use client';

import { parseAsString, useQueryState } from 'nuqs';
import { useEffect, useState, type FormEvent } from 'react';
import { useCan } from '@/components/layout/session-role';
import { SectionError } from '@/components/list/section-error';
import { Bar } from '@/components/ui/bar';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { LoadingBlocks } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { BACKFILL_STATUS_WORDS, type BackfillPanelView, type BackfillStatus, type BackfillView } from '@/lib/history/backfill';
import { useRequestBackfill, useVehicleBackfill } from '@/lib/history/query';
import { backfillRequestSchema } from '@/lib/history/schemas';
import { ApiClientError } from '@/lib/query/api-fetch';
import type { Tone } from '@/lib/tone';
import { BackfillConfirm } from './backfill-confirm';

const TONE: Record<BackfillStatus, Tone> = { queued: 'pending', gathering: 'info', done: 'success', failed: 'danger' };

function RequestState({ request }: { request: BackfillView }) {
  return (
    <div className="space-y-1 text-sm" data-testid="backfill-request" data-status={request.status}>
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={TONE[request.status]}>{BACKFILL_STATUS_WORDS[request.status]}</StatusBadge>
        <span>
          back to <span className="tabular font-medium">{request.from}</span>: {request.calls} of about {request.estimatedCalls} upstream
          calls spent
        </span>
      </p>
      {request.status === 'queued' || request.status === 'gathering' ? (
        <Bar
          role="progressbar"
          label="Upstream calls spent of the estimate"
          value={request.calls}
          max={Math.max(request.estimatedCalls, request.calls)}
          valueText={`${request.calls} of about ${request.estimatedCalls} calls`}
          percent={request.estimatedCalls === 0 ? 0 : Math.min(100, Math.round((request.calls / request.estimatedCalls) * 100))}
          className="h-2 w-full max-w-sm"
        />
      ) : null}
      {request.reason ? <p className="text-red-800 dark:text-red-300">Why: {request.reason}</p> : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Asked by {request.requestedByEmail ?? 'a former member'} <Time value={request.requestedAt} />
        {request.finishedAt ? (
          <>
            ; ended <Time value={request.finishedAt} />
          </>
        ) : null}
      </p>
    </div>
  );
}

function StoredLine({ view }: { view: BackfillPanelView }) {
  const part = (label: string, k: BackfillPanelView['coverage']['journeys']) =>
    k.completeAt && k.coveredFrom ? `${label} stored from ${k.coveredFrom.slice(0, 10)}` : `${label} not fully gathered yet`;
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300">
      {part('Journeys', view.coverage.journeys)}; {part('charging sessions', view.coverage.charging).toLowerCase()}.
    </p>
  );
}

/**
 * A vehicle's history in Motorpool's store, and a backfill back to a chosen start: the cost shown
 * before it starts (calls and time within the vehicle's budget share), confirmed, then followed
 * (queued, gathering, done or failed with the reason) here and in the report's coverage.
 */
export function BackfillPanel({ org, vehicleId }: { org: string; vehicleId: string }) {
  const [suggested] = useQueryState('historyFrom', parseAsString.withDefault(''));
  const [from, setFrom] = useState(suggested);
  const [review, setReview] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const canRequest = useCan('reports.write');
  const query = useVehicleBackfill(org, vehicleId, review ?? '');
  const request = useRequestBackfill(org, vehicleId);
  const view = query.data;
  const serverError = request.error instanceof ApiClientError ? request.error.fields?.from?.[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = backfillRequestSchema.safeParse({ from: from || view?.earliest || '' });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    // The bounds the server checks too, said here rather than as a failed estimate.
    if (view && parsed.data.from < view.earliest)
      return setFieldError(`The start date must be on or after ${view.earliest}: older history is not kept`);
    if (view && parsed.data.from > view.latest) return setFieldError(`The start date must be on or before ${view.latest}`);
    setFieldError(undefined);
    request.reset();
    setReview(parsed.data.from);
  };
  const confirm = (start: string) =>
    request.mutate(
      { from: start },
      {
        onSuccess: ({ merged }) => {
          setReview(null);
          toast.success(merged ? 'Merged into the request already under way' : 'History backfill queued');
        },
        onError: (error) => {
          if (!(error instanceof ApiClientError && error.fields?.from)) toast.error(error.message);
        },
      },
    );

  const loaded = !!view;
  useEffect(() => {
    // Linked from a report's coverage: the panel is drawn after the page, past the browser's own jump to it.
    if (loaded && window.location.hash === '#history-backfill') document.getElementById('history-backfill')?.scrollIntoView();
  }, [loaded]);

  const reviewed = review && view && view.estimate.from === review && !query.isPlaceholderData ? view.estimate : null;
  return (
    <SectionCard
      id="history-backfill"
      title="History in Motorpool"
      description="Reports read journeys and charging sessions from Motorpool’s store. Ask for earlier history here: it is gathered in the background within the vehicle’s share of its rate budget."
    >
      {query.isPending ? (
        <LoadingBlocks label="Loading the vehicle’s history" blocks={['h-5 w-2/3', 'h-9 w-72']} className="space-y-3" />
      ) : query.error instanceof ApiClientError && query.error.code === 'NOT_FOUND' ? (
        // The history follows the fleet snapshot's roster: a vehicle connected moments ago is not on it yet.
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Motorpool’s fleet snapshot has not read this vehicle yet. Its history is gathered, and can be asked for, once it has (within
          minutes of connecting).
        </p>
      ) : query.isError ? (
        <SectionError error={query.error} title="The vehicle’s history could not be read" onRetry={() => query.refetch()} />
      ) : view ? (
        <>
          <StoredLine view={view} />
          {view.request ? <RequestState request={view.request} /> : null}
          {view.unreadable ? (
            <p className="text-sm">Earlier history cannot be gathered now. {view.unreadable}</p>
          ) : !canRequest ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Managers and admins can ask for earlier history.</p>
          ) : (
            <form className="flex flex-wrap items-start gap-2" aria-label="Gather earlier history" noValidate onSubmit={submit}>
              <Field
                id="backfill-from"
                label="Gather from"
                type="date"
                hint={`From ${view.earliest} (what is kept) to ${view.latest}`}
                min={view.earliest}
                max={view.latest}
                value={from || view.earliest}
                error={fieldError ?? serverError}
                onChange={(e) => {
                  setFrom(e.target.value);
                  setReview(null);
                }}
              />
              <Button type="submit" variant="secondary" size="sm" className="mt-6">
                Review the cost
              </Button>
            </form>
          )}
          {review && !reviewed && query.isFetching ? <LoadingBlocks label="Estimating the cost" blocks={['h-24 w-full']} /> : null}
          {reviewed ? (
            <BackfillConfirm
              estimate={reviewed}
              pending={request.isPending}
              onConfirm={() => confirm(reviewed.from)}
              onCancel={() => setReview(null)}
            />
          ) : null}
        </>
      ) : null}
    </SectionCard>
  );
}
