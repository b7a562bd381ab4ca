'use client';

import Link from 'next/link';
import { useCan } from '@/components/layout/session-role';
import { SectionCard } from '@/components/ui/card';
import { ErrorState, LoadingRows } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { useAccountConsent } from '@/lib/accounts/consent-query';
import { reconnectHref } from '@/lib/connect/account-links';
import type { ConnectionHealth } from '@/lib/connect/account-consent';
import { SCOPE_TEXT } from '@/lib/connect/scopes';
import type { Tone } from '@/lib/tone';

const HEALTH: Record<ConnectionHealth, { tone: Tone; label: string }> = {
  connected: { tone: 'success', label: 'Connected' },
  disconnected: { tone: 'danger', label: 'Disconnected' },
  in_error: { tone: 'danger', label: 'Connection in error' },
  unknown: { tone: 'neutral', label: 'Connection unknown' },
};

const scopeLabel = (scope: string) => SCOPE_TEXT[scope as keyof typeof SCOPE_TEXT]?.label ?? scope;
const actionClass =
  'rounded-md border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800';

function ScopeList({ label, scopes }: { label: string; scopes: string[] }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {scopes.map((s) => (
        <li key={s} className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs dark:bg-zinc-800">
          {scopeLabel(s)} <span className="font-mono text-zinc-600 dark:text-zinc-400">{s}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Consent at a glance: what the owner granted (the link that connected the account), what the
 * vendor said was missing since (a consent-scope 401 on one of its vehicles), and the way back:
 * Reconnect for a connection that broke, "Ask for the missing scopes" for a consent that lacks some.
 */
export function AccountConsentCard({ org, accountId, disconnected }: { org: string; accountId: string; disconnected: boolean }) {
  const canConnect = useCan('connect.create');
  const consent = useAccountConsent(org, accountId);
  if (consent.isPending) return <LoadingRows rows={2} label="Loading the account's consent" />;
  if (consent.isError)
    return <ErrorState error={consent.error} title="The account's consent could not be read" onRetry={() => consent.refetch()} />;
  const view = consent.data.consent;
  const health = disconnected ? 'disconnected' : view.health;
  const broken = health === 'disconnected' || health === 'in_error';
  return (
    <SectionCard
      id="account-consent-heading"
      title="Consent"
      actions={<StatusBadge tone={HEALTH[health].tone}>{HEALTH[health].label}</StatusBadge>}
    >
      <div className="space-y-1 text-sm">
        <p className="font-medium">Scopes granted</p>
        {view.link ? (
          <>
            <ScopeList label="Scopes granted" scopes={view.link.scopes} />
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              From the link the owner approved <Time value={view.link.completedAt ?? view.link.createdAt} />.
            </p>
          </>
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">
            Not known: the account was connected before Motorpool kept the link that connects it, or elsewhere.
          </p>
        )}
      </div>
      <div className="space-y-1 text-sm">
        <p className="font-medium">Scopes found missing</p>
        {view.missing.length ? (
          <ScopeList label="Scopes found missing" scopes={view.missing} />
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">
            None so far: the Vehicle API has refused no data of its vehicles for a missing scope.
          </p>
        )}
      </div>
      {view.problem ? (
        <p className="text-sm">
          The Vehicle API reports <span className="font-mono text-xs">{view.problem}</span> for a vehicle of this account.
        </p>
      ) : null}
      {canConnect && (broken || view.missing.length) ? (
        <div className="flex flex-wrap gap-2">
          {broken ? (
            <Link href={reconnectHref(org, { accountId })} className={actionClass}>
              Reconnect
            </Link>
          ) : null}
          {view.missing.length ? (
            <Link href={reconnectHref(org, { accountId, addMissing: true })} className={actionClass}>
              Ask for the missing scopes
            </Link>
          ) : null}
        </div>
      ) : null}
    </SectionCard>
  );
}
