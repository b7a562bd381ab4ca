'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QuerySectionCard } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import type { ApiCredentialView } from '@/lib/api-credentials/api-credential';
import { useApiCredentials, useRevokeApiCredential } from '@/lib/api-credentials/query';
import { CreateApiCredentialForm } from './create-api-credential-form';

const SCOPE_NAMES = { read: 'read-only', manage: 'manager actions', custom: 'custom' } as const;

function State({ credential }: { credential: ApiCredentialView }) {
  if (credential.state === 'revoked') return <StatusBadge tone="neutral">Revoked</StatusBadge>;
  if (credential.state === 'expired') return <StatusBadge tone="danger">Expired</StatusBadge>;
  if (credential.state === 'creator_left')
    return <StatusBadge tone="danger">Refused: {credential.createdByEmail} is no longer a member</StatusBadge>;
  return <StatusBadge tone="success">Active</StatusBadge>;
}

function CredentialRow({ credential, onRevoke }: { credential: ApiCredentialView; onRevoke: (c: ApiCredentialView) => Promise<void> }) {
  const live = credential.state !== 'revoked';
  return (
    <li className="flex flex-wrap items-start gap-2 py-2 text-sm" data-testid="api-credential-row">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{credential.name}</span>
          <code className="rounded bg-zinc-100 px-1 text-xs dark:bg-zinc-800">{credential.prefix}…</code>
          <State credential={credential} />
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {SCOPE_NAMES[credential.scope]}, {credential.ratePerMinute} a minute
          {credential.allowedAddresses.length > 0 ? `, from ${credential.allowedAddresses.join(', ')}` : ''}
          {credential.expiresAt ? (
            <>
              , expires <Time value={credential.expiresAt} />
            </>
          ) : (
            ', no expiry'
          )}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Created by <span className="break-all">{credential.createdByEmail}</span> <Time value={credential.createdAt} />;{' '}
          {credential.lastUsedAt ? (
            <>
              last used <Time value={credential.lastUsedAt} />
              {credential.lastUsedIp ? ` from ${credential.lastUsedIp}` : ''}
            </>
          ) : (
            'never used'
          )}
          {credential.revokedAt ? (
            <>
              ; revoked <Time value={credential.revokedAt} />
            </>
          ) : null}
        </p>
      </div>
      {live ? (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Revoke ${credential.name}`}>
              Revoke
            </Button>
          }
          title={`Revoke ${credential.name}?`}
          description={<p>Programs using it are refused from their next request, on every instance. This cannot be undone.</p>}
          confirmLabel="Revoke credential"
          onConfirm={() => onRevoke(credential)}
        />
      ) : null}
    </li>
  );
}

/** Settings → API credentials: what lets scripts and integrations call the console's API. Admins only. */
export function ApiCredentialsPanel({ org }: { org: string }) {
  const credentials = useApiCredentials(org);
  const revoke = useRevokeApiCredential(org);
  const onRevoke = async (credential: ApiCredentialView) => {
    try {
      await revoke.mutateAsync(credential.id);
      toast.success(`${credential.name} revoked.`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <QuerySectionCard
      id="api-credentials-heading"
      title="API credentials"
      description="For scripts and integrations: the console’s own API with a bearer secret, under the same permissions, limits and audit trail."
      query={credentials}
      loading="Loading API credentials"
      empty={{
        when: (data) => data.credentials.length === 0,
        show: <EmptyState title="No API credentials yet">Create one below for a script or an integration.</EmptyState>,
      }}
      actions={
        <Link className="text-sm text-accent-700 underline dark:text-accent-100" href={`/o/${org}/settings/api`}>
          API reference
        </Link>
      }
      after={<CreateApiCredentialForm org={org} />}
    >
      {(data) => (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {data.credentials.map((credential) => (
            <CredentialRow key={credential.id} credential={credential} onRevoke={onRevoke} />
          ))}
        </ul>
      )}
    </QuerySectionCard>
  );
}
