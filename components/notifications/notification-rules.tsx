'use client';

import { Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import { useState } from 'react';
import { useCan } from '@/components/layout/session-role';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EnabledCheckbox } from './enabled-checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useMembers } from '@/lib/members/query';
import {
  CHANNEL_LABELS,
  SCOPED_KINDS,
  describeCheck,
  describeRecipients,
  describeRule,
  describeScope,
  type RuleView,
} from '@/lib/notifications/kinds';
import { useSavedViews } from '@/lib/views/query';
import { useCheckRules, useCreateRule, useDeleteRule, useNotificationRules, useUpdateRule } from '@/lib/notifications/query';
import { useWebhookEndpoints } from '@/lib/notifications/webhook-query';

/**
 * The rule editor loads when a rule is first edited or created (New rule, Edit): it brings the
 * rule schema (and with it zod), the command catalog and the kinds' parameters, about 25 kB gzip
 * that the page's first paint does not show. Until it comes, a placeholder of a field's height.
 */
const RuleForm = clientLazy(
  () => import('./rule-form').then((m) => m.RuleForm),
  () => (
    <p role="status" className="flex min-h-10 items-center text-sm text-zinc-600 dark:text-zinc-400">
      Loading the rule editor…
    </p>
  ),
);

function RuleRow({
  org,
  rule,
  names,
  viewNames,
  canEdit,
  onEdit,
}: {
  org: string;
  rule: RuleView;
  names: Map<string, string>;
  viewNames: Map<string, string>;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const update = useUpdateRule(org);
  const remove = useDeleteRule(org);
  const [confirming, setConfirming] = useState(false);
  const switchOn = (enabled: boolean) =>
    update.mutate(
      { id: rule.id, changes: { enabled } },
      { onSuccess: () => toast.success(`“${rule.name}” ${enabled ? 'on' : 'off'}`), onError: (e) => toast.error(e.message) },
    );
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start" data-testid="notification-rule">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {rule.name}
          {rule.isDefault ? <span className="ml-2 text-xs font-normal text-zinc-600 dark:text-zinc-400">(default)</span> : null}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          When {describeRule(rule)}
          {SCOPED_KINDS.includes(rule.kind) && rule.scope.type !== 'all' ? `, among ${describeScope(rule.scope, viewNames)}` : ''}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          To {describeRecipients(rule.recipients, names)} · {rule.channels.map((c) => CHANNEL_LABELS[c]).join(', ')}
        </p>
      </div>
      {canEdit ? (
        <div className="flex shrink-0 items-center gap-2">
          <EnabledCheckbox name={rule.name} enabled={rule.enabled} update={update} onCheckedChange={switchOn} />
          <Button variant="ghost" size="icon" aria-label={`Edit ${rule.name}`} onClick={onEdit}>
            <Pencil aria-hidden className="h-4 w-4" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete ${rule.name}`} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Delete the rule “${rule.name}”?`}
            description="Nobody is told of what it watched any more. Switching it off keeps it for later."
            confirmLabel="Delete rule"
            onConfirm={async () => {
              await remove.mutateAsync(rule.id);
              toast.success(`Rule “${rule.name}” deleted`);
            }}
          />
        </div>
      ) : (
        <p className="text-sm">{rule.enabled ? 'On' : 'Off'}</p>
      )}
    </li>
  );
}

/** The organization's notification rules: managers and admins add, change, switch off and delete them; support reads them. */
export function NotificationRules({ org }: { org: string }) {
  const canEdit = useCan('notifications.write');
  const rules = useNotificationRules(org);
  const members = useMembers(org);
  const views = useSavedViews(org);
  const viewNames = new Map((views.data?.views ?? []).map((v) => [v.id, v.name]));
  const create = useCreateRule(org);
  const update = useUpdateRule(org);
  const check = useCheckRules(org);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const endpoints = useWebhookEndpoints(org, { enabled: canEdit && editing !== null });
  const names = new Map((members.data?.members ?? []).map((m) => [m.userId, m.name || m.email]));
  const editedRule = rules.data?.rules.find((r) => r.id === editing);
  const failure = (editing === 'new' ? create.error : update.error)?.message ?? null;

  return (
    <Card aria-labelledby="rules-title">
      <CardHeader
        id="rules-title"
        title="Rules"
        description="What is worth telling, and to whom. Each condition is told once, and again when it clears."
        actions={
          canEdit && editing === null ? (
            <div className="flex flex-wrap gap-2">
              {/* The periodic rules run every minute; this runs them now, as after adding one. */}
              <Button
                size="sm"
                variant="secondary"
                disabled={check.isPending}
                onClick={() =>
                  check.mutate(undefined, {
                    onSuccess: (summary) => (summary.unchecked.length ? toast.warning : toast.success)(describeCheck(summary)),
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                <RefreshCw aria-hidden className="h-4 w-4" />
                {check.isPending ? 'Checking…' : 'Check now'}
              </Button>
              <Button size="sm" onClick={() => setEditing('new')}>
                <Plus aria-hidden className="h-4 w-4" />
                New rule
              </Button>
            </div>
          ) : null
        }
      />
      {editing !== null && canEdit ? (
        <CardBody className="border-b border-zinc-200 dark:border-zinc-800">
          <RuleForm
            key={editing}
            id={`rule-${editing}`}
            rule={editedRule}
            members={members.data?.members ?? []}
            views={views.data?.views ?? []}
            endpoints={endpoints.data?.endpoints ?? []}
            pending={create.isPending || update.isPending}
            failure={failure}
            onSubmit={(input) => {
              const done = { onSuccess: () => (setEditing(null), toast.success(`Rule “${input.name}” saved`)) };
              if (editedRule) update.mutate({ id: editedRule.id, changes: input }, done);
              else create.mutate(input, done);
            }}
          />
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </CardBody>
      ) : null}
      {rules.isPending ? (
        <CardBody>
          <LoadingRows label="Loading rules" rows={3} />
        </CardBody>
      ) : rules.isError ? (
        <CardBody>
          <ErrorState title="The rules could not be read" error={rules.error} onRetry={() => void rules.refetch()} />
        </CardBody>
      ) : rules.data.rules.length === 0 ? (
        <CardBody>
          <EmptyState title="No rules">Nobody is told of anything until a rule says so.</EmptyState>
        </CardBody>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rules.data.rules.map((rule) => (
            <RuleRow
              key={rule.id}
              org={org}
              rule={rule}
              names={names}
              viewNames={viewNames}
              canEdit={canEdit}
              onEdit={() => setEditing(rule.id)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
