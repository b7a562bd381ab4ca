import type { Permission } from '@/lib/auth/permissions';

/** What the browser reads of a bulk job (lib/bulk/server/bulk-jobs.ts writes it). */
export type BulkActionName = 'tag.add' | 'tag.remove' | 'listening.on' | 'listening.off' | 'command';
export type BulkOutcome = 'pending' | 'done' | 'skipped' | 'failed';

export type BulkJobView = {
  id: string;
  action: BulkActionName;
  args: Record<string, unknown> | null;
  selection: Record<string, unknown>;
  status: 'running' | 'paused' | 'cancelled' | 'done';
  total: number;
  counts: Record<BulkOutcome, number>;
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
