import type { BulkItemView, BulkJobView } from './bulk-job-view';
import type { BulkJobInput } from './schemas';

type Row = Pick<BulkItemView, 'vehicleId' | 'outcome'> & Partial<Pick<BulkItemView, 'reason' | 'execution'>>;

/** How the runner words a command whose outcome it cannot know (lib/bulk/server/run-bulk-jobs.ts). */
export const UNKNOWN_OUTCOME = 'the outcome is unknown; the command is not sent again.';

/**
 * A failed row whose command may have reached the vehicle: its execution's outcome is unknown
 * (the upstream timed out or failed after the request left). Sending it again could act twice
 * (unlock, open the trunk), so it is never retried blindly: a person checks the vehicle first.
 */
export function isUnknownOutcome(item: Row): boolean {
  return item.outcome === 'failed' && (item.execution?.state === 'unknown' || (item.reason ?? '').endsWith(UNKNOWN_OUTCOME));
}

/** The vehicles of a job's failed rows, in the job's order: exactly those, once each; never a row whose outcome is unknown. */
export function failedVehicleIds(items: readonly Row[]): string[] {
  return [...new Set(items.filter((i) => i.outcome === 'failed' && !isUnknownOutcome(i)).map((i) => i.vehicleId))];
}

/** The rows whose outcome is unknown, in the job's order: listed apart from the retry, each with its explanation. */
export function unknownOutcomeRows<T extends Row>(items: readonly T[]): T[] {
  return items.filter(isUnknownOutcome);
}

/**
 * A new job over the failed rows of `job`: the same action with the same tag or command and
 * parameters, the failed vehicles named one by one. It goes through the same route as any new job
 * (permission, type-back count, step-up, budget), and being a new job its commands get new
 * idempotency keys. Null when no row failed, or the job is still working (its rows may yet fail).
 * Rows whose outcome is unknown are left out (unknownOutcomeRows lists them). A retry may name up
 * to a whole job's vehicles (BULK_JOB_LIMIT), past the 1,000 of a hand-made selection: the server
 * takes only vehicles that are failed rows of the job it retries.
 */
export function retryFailedInput(job: Pick<BulkJobView, 'id' | 'action' | 'args' | 'status'>, items: readonly Row[]): BulkJobInput | null {
  if (job.status === 'running') return null;
  const vehicleIds = failedVehicleIds(items);
  if (vehicleIds.length === 0) return null;
  const selection = { mode: 'ids' as const, vehicleIds, retryOf: job.id };
  const args = job.args ?? {};
  switch (job.action) {
    case 'tag.add':
    case 'tag.remove':
      return { action: job.action, tag: { key: String(args.key), value: String(args.value) }, selection };
    case 'listening.on':
    case 'listening.off':
      return { action: job.action, selection };
    case 'command':
      return { action: 'command', command: args as Extract<BulkJobInput, { action: 'command' }>['command'], selection };
  }
}
