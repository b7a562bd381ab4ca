import type { Permission } from '@/lib/auth/permissions';
import { commandLabel } from '@/lib/commands/catalog';

/** The list page's filter choices: here, not in schemas.ts, so that the page does not load zod and every schema. */
export const BULK_STATUSES = ['running', 'paused', 'cancelled', 'done'] as const;
export const BULK_ACTION_NAMES = ['tag.add', 'tag.remove', 'listening.on', 'listening.off', 'command'] as const;

/** What the browser reads of a bulk job (lib/bulk/server/bulk-jobs.ts writes it). */
export type BulkActionName = (typeof BULK_ACTION_NAMES)[number];
export type BulkOutcome = 'pending' | 'done' | 'skipped' | 'failed';
/**
 * A job's rows counted: by outcome, with the failed rows whose outcome is unknown (the command may
 * have reached the vehicle; see retry.ts) counted in `unknown`, not in `failed`.
 */
export type BulkCounts = Record<BulkOutcome | 'unknown', number>;

export type BulkJobView = {
  id: string;
  action: BulkActionName;
  args: Record<string, unknown> | null;
  selection: Record<string, unknown>;
  status: 'running' | 'paused' | 'cancelled' | 'done';
  total: number;
  counts: BulkCounts;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type BulkItemView = {
  vehicleId: string;
  outcome: BulkOutcome;
  reason: string | null;
  requestId: string | null;
  /** A command's execution record, once sent. */
  executionId: string | null;
  /** That execution's state as Motorpool knows it now (pending until the settle job reads its outcome). */
  execution: { state: 'pending' | 'executed' | 'failed' | 'rejected' | 'unknown'; requestedAt: string } | null;
  finishedAt: string | null;
};

/** Above this many vehicles a bulk command needs its count typed back. */
export const TYPE_BACK_ABOVE = 50;

export function bulkActionPermission(action: BulkActionName): Permission {
  if (action === 'command') return 'commands.send';
  return action.startsWith('tag.') ? 'tags.write' : 'listening.write';
}

/** "add the tag depot: north to 30 vehicles", as the confirmation and the job page word it. */
export function describeBulkAction(
  action: BulkActionName,
  tag: { key: string; value: string } | null | undefined,
  count?: number,
  commandName?: string,
): string {
  if (action === 'command') {
    const what = `Send ${commandName ?? 'a command'}`;
    return count === undefined ? what : `${what} to ${count} vehicle${count === 1 ? '' : 's'}`;
  }
  const what =
    action === 'tag.add'
      ? `Add the tag ${tag?.key}: ${tag?.value}`
      : action === 'tag.remove'
        ? `Remove the tag ${tag?.key}: ${tag?.value}`
        : action === 'listening.on'
          ? 'Turn listening on'
          : 'Turn listening off';
  if (count === undefined) return what;
  return `${what} ${action.startsWith('tag.add') ? 'to' : action.startsWith('tag.') ? 'from' : 'for'} ${count} vehicle${count === 1 ? '' : 's'}`;
}

/** A bulk command as its confirmation and job page name it: "Set charge limit (limit 80)". */
export function bulkCommandName(label: string, args: Record<string, unknown> | null | undefined): string {
  const shown = Object.entries(args ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return shown.length === 0 ? label : `${label} (${shown.map(([k, v]) => `${k} ${String(v)}`).join(', ')})`;
}

/** Share of the job decided, 0 to 100. */
export function bulkProgress(job: Pick<BulkJobView, 'total' | 'counts'>): number {
  if (job.total === 0) return 100;
  return Math.round(((job.total - job.counts.pending) / job.total) * 100);
}

/** ` · 2 outcome unknown`: shown only when some are (tags and listening never have any). */
const unknownText = (counts: BulkCounts) => (counts.unknown ? ` · ${counts.unknown} outcome unknown` : '');

/** A job's outcomes on the list of jobs: "4 done · 2 failed · 1 outcome unknown · 0 skipped · 3 waiting". */
export function listCountsText(counts: BulkCounts): string {
  return (
    `${counts.done} done · ${counts.failed} failed${unknownText(counts)} · ${counts.skipped} skipped` +
    (counts.pending ? ` · ${counts.pending} waiting` : '')
  );
}

/** A job's outcomes on its own page: "8 done · 0 skipped · 2 failed · 1 outcome unknown · 0 waiting, of 11". */
export function pageCountsText(counts: BulkCounts, total: number): string {
  return `${counts.done} done · ${counts.skipped} skipped · ${counts.failed} failed${unknownText(counts)} · ${counts.pending} waiting, of ${total}`;
}

/** "Send Lock doors to 12 vehicles": a job as its list and its page name it. */
export function jobTitle(job: Pick<BulkJobView, 'action' | 'args' | 'total'>): string {
  const tag = job.args && typeof job.args.key === 'string' ? { key: String(job.args.key), value: String(job.args.value) } : null;
  const commandName =
    job.action === 'command' && typeof job.args?.command === 'string'
      ? bulkCommandName(commandLabel(job.args.command), job.args.args as Record<string, unknown> | undefined)
      : undefined;
  return describeBulkAction(job.action, tag, job.total, commandName);
}
