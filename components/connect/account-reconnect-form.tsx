'use client';

import { ErrorState, LoadingRows } from '@/components/ui/states';
import { SectionCard } from '@/components/ui/card';
import { Time } from '@/components/ui/time';
import { useAccountConsent } from '@/lib/accounts/consent-query';
import { reconnectPrefill } from '@/lib/connect/account-consent';
import type { ConsentLinkView } from '@/lib/connect/links';
import { SCOPE_TEXT } from '@/lib/connect/scopes';
import { ConnectForm } from './connect-form';

const scopeWords = (scopes: string[]) => scopes.map((s) => SCOPE_TEXT[s as keyof typeof SCOPE_TEXT]?.label ?? s).join(', ');

/**
 * The form pre-filled to renew an account's connection (or one of its vehicles'): from the link
 * that connected it when Motorpool made that link, else from what its vehicles tell, saying what
 * it could not know. With `addMissing`, the scopes the vendor found missing are added.
 */
export function AccountReconnectForm({
  org,
  accountId,
  vehicleId,
  addMissing,
  onCreated,
}: {
  org: string;
  accountId: string;
  vehicleId: string | null;
  addMissing: boolean;
  onCreated: (link: ConsentLinkView) => void;
}) {
  const consent = useAccountConsent(org, accountId, vehicleId);
  if (consent.isPending)
    return (
      <SectionCard id="reconnect-heading" title="New consent link">
        <LoadingRows label="Loading what the account was connected with" />
      </SectionCard>
    );
  if (consent.isError)
    return <ErrorState error={consent.error} title="The account's connection could not be read" onRetry={() => consent.refetch()} />;
  const view = consent.data.consent;
  const { request, mailTo, unknown } = reconnectPrefill(view, { addMissing });
  const added = addMissing ? view.missing.filter((s) => !view.link?.scopes.includes(s)) : [];
  return (
    <div className="space-y-2">
      <div role="status" className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <p>
          Reconnecting {vehicleId ? 'a vehicle of ' : ''}account <span className="font-mono">{accountId}</span>.{' '}
          {view.link ? (
            <>
              Pre-filled from the link that connected it on <Time value={view.link.completedAt ?? view.link.createdAt} />: the same brands,
              region, scopes and language{view.link.vin ? ', and the same vehicle' : ''}
              {view.link.mailedTo ? ', and the owner’s e-mail' : ''}.
            </>
          ) : (
            <>
              Motorpool has no record of the link that connected it (it was connected before Motorpool kept one, or elsewhere).
              {request.makes.length ? ` Pre-filled with the brand of its vehicles: ${request.makes.join(', ')}.` : ''}
            </>
          )}
        </p>
        {added.length ? <p>Added the scopes found missing: {scopeWords(added)}.</p> : null}
        {unknown.length ? (
          <div>
            <p>It could not know:</p>
            <ul className="list-disc pl-5">
              {unknown.map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
            <p>Check those fields before sending.</p>
          </div>
        ) : null}
      </div>
      <ConnectForm
        key={`${accountId}:${vehicleId ?? ''}:${addMissing}`}
        org={org}
        withMail
        initial={{
          ...request,
          reconnectsAccountId: accountId,
          ...(vehicleId ? { reconnectsVehicleId: vehicleId } : {}),
          mailTo: mailTo ?? '',
        }}
        onCreated={onCreated}
      />
    </div>
  );
}
