'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { useCan } from '@/components/layout/session-role';
import { Bar } from '@/components/ui/bar';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { ErrorState, LoadingBlocks } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { bulkExportPath, controlBulkJob, useBulkJob } from '@/lib/bulk/query';
import { bulkKeys } from '@/lib/bulk/query-keys';
import type { Tone } from '@/lib/tone';
import { ExecutionStateBadge } from '@/components/commands/execution-state-badge';
import { bulkActionPermission, bulkProgress, jobTitle, pageCountsText, type BulkItemView } from '@/lib/bulk/bulk-job-view';
import { BULK_STATUS_WORDS } from './bulk-status';
import { RetryFailed } from './retry-failed';

const OUTCOME: Record<BulkItemView['outcome'], { tone: Tone; text: string }> = {
  pending: { tone: 'neutral', text: 'Waiting' },
  done: { tone: 'success', text: 'Done' },
  skipped: { tone: 'info', text: 'Skipped' },
  failed: { tone: 'danger', text: 'Failed' },
};

/** A bulk job: progress, pause / resume / cancel, and every vehicle's outcome (also as CSV). */
export function BulkJobDetail({ org, jobId }: { org: string; jobId: string }) {
  const query = useBulkJob(org, jobId);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const action = query.data?.job.action;
  const canControl = useCan(action ? bulkActionPermission(action) : 'tags.write');

  if (query.isPending) return <LoadingBlocks label="Loading the bulk job" blocks={['h-24 w-full', 'h-64 w-full']} className="space-y-3" />;
  if (query.isError) return <ErrorState error={query.error} title="The bulk job could not be loaded" onRetry={() => query.refetch()} />;
  const { job, items } = query.data;
  const progress = bulkProgress(job);
  const title = jobTitle(job);
  const isCommand = job.action === 'command';

  async function control(op: 'pause' | 'resume' | 'cancel') {
    setBusy(true);
    try {
      await controlBulkJob(org, jobId, op);
      await queryClient.invalidateQueries({ queryKey: bulkKeys.job(org, jobId) });
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">{title}</h2>
          <StatusBadge tone={BULK_STATUS_WORDS[job.status].tone}>{BULK_STATUS_WORDS[job.status].text}</StatusBadge>
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Started <Time value={job.createdAt} relative /> by {job.createdBy ?? 'a former member'}
          {job.finishedAt ? (
            <>
              , ended <Time value={job.finishedAt} relative />
            </>
          ) : null}
          .
          {typeof job.selection.retryOf === 'string' ? (
            <>
              {' '}
              It retries the failed rows of{' '}
              <Link className="underline" href={`/o/${org}/bulk/${job.selection.retryOf}`}>
                an earlier job
              </Link>
              .
            </>
          ) : null}
        </p>
        <Bar
          role="progressbar"
          label="Progress of the bulk job"
          value={progress}
          max={100}
          valueText={`${job.total - job.counts.pending} of ${job.total} vehicles`}
          percent={progress}
          className="h-2 w-full"
          fillClassName="bg-accent-600 transition-[width]"
        />
        <p className="tabular text-sm" aria-live="polite" data-testid="bulk-counts">
          {pageCountsText(job.counts, job.total)}
        </p>
        <div className="flex flex-wrap gap-2">
          {canControl && job.status === 'running' ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => control('pause')}>
              Pause
            </Button>
          ) : null}
          {canControl && job.status === 'paused' ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => control('resume')}>
              Resume
            </Button>
          ) : null}
          {canControl && (job.status === 'running' || job.status === 'paused') ? (
            <Button variant="danger" size="sm" disabled={busy} onClick={() => control('cancel')}>
              Cancel the rest
            </Button>
          ) : null}
          {canControl ? <RetryFailed org={org} job={job} items={items} title={title} /> : null}
          <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={bulkExportPath(org, jobId)} download>
            <Download aria-hidden className="mr-1.5 h-4 w-4" />
            Outcomes as CSV
          </a>
        </div>
      </Card>
      <DataTable
        label="Outcomes"
        caption={`Outcome of each of the ${job.total} vehicles, in the order chosen`}
        query={query}
        rows={items}
        rowKey={(i) => i.vehicleId}
        virtualize={{ from: 100, rowHeight: 41 }}
        texts={{ loading: 'Loading outcomes', error: 'The outcomes could not be loaded' }}
        empty={<p className="p-4 text-sm">No vehicles.</p>}
        columns={[
          {
            id: 'vehicle',
            header: 'Vehicle',
            className: 'font-mono text-xs',
            cell: (i) => (
              <Link className="underline" href={`/o/${org}/vehicles/${encodeURIComponent(i.vehicleId)}`}>
                {i.vehicleId}
              </Link>
            ),
          },
          {
            id: 'outcome',
            header: 'Outcome',
            cell: (i) => <StatusBadge tone={OUTCOME[i.outcome].tone}>{OUTCOME[i.outcome].text}</StatusBadge>,
          },
          ...(isCommand
            ? [
                {
                  id: 'execution',
                  header: 'Execution',
                  cell: (i: BulkItemView) =>
                    i.execution ? (
                      <span className="inline-flex flex-col gap-0.5">
                        <ExecutionStateBadge execution={i.execution} />
                        <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{i.executionId}</span>
                      </span>
                    ) : (
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {i.outcome === 'pending' ? 'Not sent yet' : 'Not sent'}
                      </span>
                    ),
                },
              ]
            : []),
          {
            id: 'reason',
            header: 'Reason',
            className: 'text-xs',
            cell: (i) => (
              <>
                {i.reason}
                {i.requestId ? <span className="block font-mono text-zinc-600 dark:text-zinc-400">request {i.requestId}</span> : null}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
