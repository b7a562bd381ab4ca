'use client';

import { RotateCcw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { TYPE_BACK_ABOVE, type BulkItemView, type BulkJobView } from '@/lib/bulk/bulk-job-view';
import { retryFailedInput, unknownOutcomeRows } from '@/lib/bulk/retry';
import { startBulkJob } from '@/lib/bulk/start-query';

/**
 * "Retry the failed rows": a new bulk job over exactly the vehicles whose rows failed, with the
 * same action and parameters, started through the same route as any new job (permission,
 * type-back count, step-up, budgets); its commands get new idempotency keys. Rows whose outcome
 * is unknown are not in it (the command may have reached the vehicle): they are listed apart, each
 * with its explanation, for a person to check first.
 */
export function RetryFailed({ org, job, items, title }: { org: string; job: BulkJobView; items: BulkItemView[]; title: string }) {
  const router = useRouter();
  const input = retryFailedInput(job, items);
  const unknown = job.status === 'running' ? [] : unknownOutcomeRows(items);
  if (!input || input.selection.mode !== 'ids') return unknown.length > 0 ? <UnknownNote rows={unknown} /> : null;
  const count = input.selection.vehicleIds.length;
  const typeBack = input.action === 'command' && count > TYPE_BACK_ABOVE;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          <RotateCcw aria-hidden className="mr-1.5 h-4 w-4" />
          Retry the failed rows ({count})
        </Button>
      }
      tone="primary"
      title={`Retry ${count} failed vehicle${count === 1 ? '' : 's'}?`}
      typeToConfirm={typeBack ? String(count) : undefined}
      description={
        <>
          <p>
            A new bulk job does the same again ({title.replace(/ (to|from|for) \d+ vehicles?$/, '')}) for exactly the {count} vehicle
            {count === 1 ? '' : 's'} that failed here. This job stays as it is.
          </p>
          {unknown.length > 0 ? <UnknownList rows={unknown} /> : null}
        </>
      }
      confirmLabel={`Start: ${count} vehicle${count === 1 ? '' : 's'}`}
      onConfirm={async () => {
        try {
          const { job: retry } = await startBulkJob(
            org,
            typeBack && input.action === 'command' ? { ...input, confirmedCount: count } : input,
          );
          toast.success(`Bulk job started: ${retry.total} vehicles.`);
          router.push(`/o/${org}/bulk/${retry.id}`);
        } catch (error) {
          toast.error((error as Error).message);
        }
      }}
    />
  );
}

const SHOWN = 20;

/** The rows left out of a retry: the command may have acted, so each is checked by a person. */
function UnknownList({ rows }: { rows: BulkItemView[] }) {
  return (
    <div data-testid="bulk-retry-unknown">
      <p className="font-medium">
        Not retried: {rows.length} vehicle{rows.length === 1 ? '' : 's'} with an unknown outcome (the command may have reached
        {rows.length === 1 ? ' it' : ' them'}; check before sending again)
      </p>
      <ul className="mt-1 text-xs">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.vehicleId}>
            <span className="font-mono">{row.vehicleId}</span>: {row.reason ?? 'The outcome is unknown.'}
          </li>
        ))}
        {rows.length > SHOWN ? <li>and {rows.length - SHOWN} more (in the table and the CSV)</li> : null}
      </ul>
    </div>
  );
}

function UnknownNote({ rows }: { rows: BulkItemView[] }) {
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="bulk-retry-unknown">
      {rows.length} row{rows.length === 1 ? '' : 's'} with an unknown outcome {rows.length === 1 ? 'is' : 'are'} not retried: check{' '}
      {rows.length === 1 ? 'the vehicle' : 'each vehicle'} first (the reason is in the table).
    </p>
  );
}
