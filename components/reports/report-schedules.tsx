'use client';

import { Send, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useCan } from '@/components/layout/session-role';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { failureClass, SelectField } from '@/components/ui/field';
import { ErrorState, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useMembers } from '@/lib/members/query';
import { ApiClientError } from '@/lib/query/api-fetch';
import { useCreateReportSchedule, useDeleteReportSchedule, useReportSchedules, useSendReportScheduleNow } from '@/lib/reports/query';
import { reportScheduleInputSchema } from '@/lib/reports/schemas';
import { FREQUENCY_WORDS, SCHEDULE_FREQUENCIES, type ReportScheduleView, type ScheduleFrequency } from '@/lib/reports/schedule';

type Scope = { tagKey: string; tagValue: string; view: string };

function scopeText(scope: ReportScheduleView['scope'], viewNames: Map<string, string>): string {
  if (scope.type === 'tag') return `vehicles tagged ${scope.key}=${scope.value}`;
  if (scope.type === 'view') return `the saved view ${viewNames.get(scope.viewId) ?? '(removed)'}`;
  return 'all vehicles';
}

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

function ScheduleForm({ org, scope, viewNames }: { org: string; scope: Scope; viewNames: Map<string, string> }) {
  const members = useMembers(org);
  const create = useCreateReportSchedule(org);
  const [frequency, setFrequency] = useState<ScheduleFrequency>('monthly');
  const [recipients, setRecipients] = useState<string[]>([]);
  // Checked here with the route's own schema first; the server's answer names the same fields.
  const [checked, setChecked] = useState<Record<string, string[]> | undefined>(undefined);
  const fields = checked ?? (create.error instanceof ApiClientError ? create.error.fields : undefined);
  const recipientError = fields?.recipientIds?.[0] ?? Object.entries(fields ?? {}).find(([k]) => k.startsWith('recipientIds.'))?.[1][0];
  const scopeShown = scope.tagKey
    ? scopeText({ type: 'tag', key: scope.tagKey, value: scope.tagValue }, viewNames)
    : scope.view
      ? scopeText({ type: 'view', viewId: scope.view }, viewNames)
      : 'all vehicles';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = scope.tagKey ? { tagKey: scope.tagKey, tagValue: scope.tagValue } : scope.view ? { view: scope.view } : {};
    const input = { frequency, recipientIds: recipients, ...chosen };
    const parsed = reportScheduleInputSchema.safeParse(input);
    if (!parsed.success) {
      const byField: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
      setChecked(byField);
      return;
    }
    setChecked(undefined);
    create.mutate(parsed.data, { onSuccess: () => (setRecipients([]), toast.success('Report scheduled')) });
  };
  return (
    <form className="space-y-3 border-t border-zinc-200 p-4 dark:border-zinc-800" aria-label="Schedule this report" onSubmit={submit}>
      <p className="text-sm">
        Mail this report for <span className="font-medium">{scopeShown}</span> (the scope chosen above), with its CSV attached.
      </p>
      <SelectField
        id="schedule-frequency"
        label="How often"
        compact
        value={frequency}
        error={fields?.frequency?.[0]}
        onChange={(e) => setFrequency(e.target.value as ScheduleFrequency)}
      >
        {SCHEDULE_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {FREQUENCY_WORDS[f]}
          </option>
        ))}
      </SelectField>
      <fieldset aria-describedby={recipientError ? 'schedule-recipients-error' : undefined}>
        <legend className="text-sm font-medium">Recipients</legend>
        {members.isError ? (
          <p className="text-sm">The members could not be read.</p>
        ) : !members.data ? (
          <LoadingRows label="Loading the members" rows={2} />
        ) : (
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {members.data.members.map((m) => (
              <Checkbox
                key={m.userId}
                label={m.name ? `${m.name} (${m.email})` : m.email}
                checked={recipients.includes(m.userId)}
                onCheckedChange={(on) => setRecipients((now) => (on ? [...now, m.userId] : now.filter((id) => id !== m.userId)))}
              />
            ))}
          </div>
        )}
        {recipientError ? (
          <p id="schedule-recipients-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {recipientError}
          </p>
        ) : null}
      </fieldset>
      {create.error && !fields ? (
        <p role="alert" className={failureClass}>
          {create.error.message}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={create.isPending}>
        Schedule
      </Button>
    </form>
  );
}

function ScheduleItem({
  org,
  schedule,
  canEdit,
  viewNames,
}: {
  org: string;
  schedule: ReportScheduleView;
  canEdit: boolean;
  viewNames: Map<string, string>;
}) {
  const remove = useDeleteReportSchedule(org);
  const sendNow = useSendReportScheduleNow(org);
  const [confirming, setConfirming] = useState(false);
  const what = `${schedule.frequency === 'weekly' ? 'Weekly' : 'Monthly'} report of ${scopeText(schedule.scope, viewNames)}`;
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3" data-testid="report-schedule">
      <div className="text-sm">
        <p className="font-medium">{what}</p>
        <p className="text-zinc-600 dark:text-zinc-400">
          To {schedule.recipients.map((r) => r.name || r.email).join(', ') || 'nobody still a member'} · next {when(schedule.nextRunAt)}
          {schedule.lastSentAt ? ` · last sent ${when(schedule.lastSentAt)} (${schedule.lastPeriodKey})` : ''}
        </p>
        {sendNow.isSuccess ? (
          <p role="status" className="text-zinc-600 dark:text-zinc-400">
            Sent the report of {sendNow.data.period} to {sendNow.data.mails} of {sendNow.data.recipients} recipients.
          </p>
        ) : null}
        {sendNow.isError ? (
          <p role="alert" className={failureClass}>
            {sendNow.error.message}
          </p>
        ) : null}
      </div>
      {canEdit ? (
        <div className="flex shrink-0 items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Send now: ${what}`}
            disabled={sendNow.isPending}
            onClick={() => sendNow.mutate(schedule.id)}
          >
            <Send aria-hidden className="h-4 w-4" />
            Send now
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Remove: ${what}`} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Stop this report e-mail?"
            description={`${what} will no longer be sent.`}
            confirmLabel="Stop sending"
            onConfirm={async () => {
              await remove.mutateAsync(schedule.id);
              toast.success('Scheduled report removed');
            }}
          />
        </div>
      ) : null}
    </li>
  );
}

/** Scheduled report e-mails: everyone who reads reports sees them; managers and admins add and remove them. */
export function ReportSchedules({ org, scope, viewNames }: { org: string; scope: Scope; viewNames: Map<string, string> }) {
  const canEdit = useCan('reports.write');
  const schedules = useReportSchedules(org);
  return (
    <Card aria-labelledby="report-schedules-title" id="report-schedules">
      <CardHeader
        id="report-schedules-title"
        title="By e-mail"
        description="The report of the last whole week (Mondays) or month (the 1st), mailed at 06:00 UTC to members, with a link here and its CSV."
      />
      {schedules.isError ? (
        <ErrorState error={schedules.error} title="The scheduled reports could not be read" onRetry={() => void schedules.refetch()} />
      ) : !schedules.data ? (
        <LoadingRows label="Loading the scheduled reports" rows={2} />
      ) : schedules.data.schedules.length === 0 ? (
        <p className="px-4 pb-3 text-sm text-zinc-600 dark:text-zinc-400">No report is mailed on a schedule yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {schedules.data.schedules.map((s) => (
            <ScheduleItem key={s.id} org={org} schedule={s} canEdit={canEdit} viewNames={viewNames} />
          ))}
        </ul>
      )}
      {canEdit ? <ScheduleForm org={org} scope={scope} viewNames={viewNames} /> : null}
    </Card>
  );
}
