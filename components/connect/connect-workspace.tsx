'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useCan } from '@/components/layout/session-role';
import { SectionCard } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/states';
import { CONSENT_LINK_FILTERS, type LinkDisplayStatus } from '@/lib/connect/link-filters';
import { isUpstreamId } from '@/lib/validations/upstream-id';

/**
 * The list of links, fetched in the browser (the server draws its loading rows either way): its
 * code loads after the page's own.
 */
const ConsentLinks = clientLazy(
  () => import('./consent-links').then((m) => m.ConsentLinks),
  () => <LoadingRows rows={3} label="Loading consent links" />,
);

/**
 * The form of a new link sits below the list of links, and its code (react-hook-form among it,
 * about 15 kB gzip) was most of the page's first load: it loads after the page, behind its own
 * card and heading.
 */
const ConnectForm = clientLazy(
  () => import('./connect-form').then((m) => m.ConnectForm),
  () => (
    <SectionCard
      id="connect-form-heading"
      bodyClassName=""
      title="New consent link"
      description="The owner opens the link, signs in with the manufacturer and approves what you ask for."
    >
      <LoadingRows rows={6} label="Loading the form" />
    </SectionCard>
  ),
);

/** Loaded when a new link starts from an earlier one (Reconnect, `?from=`), which few visits do. */
const ReconnectForm = clientLazy(
  () => import('./reconnect-form').then((m) => m.ReconnectForm),
  () => (
    <SectionCard id="reconnect-heading" title="New consent link">
      <LoadingRows label="Loading the earlier link" />
    </SectionCard>
  ),
);

/** Loaded when a link is shown (created, or picked from the list), with its QR code. */
const LinkResult = clientLazy(
  () => import('./link-result').then((m) => m.LinkResult),
  () => <LoadingRows rows={3} label="Loading the link" />,
);

/** Loaded when an account or vehicle is reconnected (?account=), with the consent reads it needs. */
const AccountReconnectForm = clientLazy(
  () => import('./account-reconnect-form').then((m) => m.AccountReconnectForm),
  () => <LoadingRows rows={3} label="Loading what the account was connected with" />,
);

function HowItWorks() {
  return (
    <SectionCard id="how-heading" bodyClassName="" title="How connecting works">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        <li>Create a link with the brands and scopes you need.</li>
        <li>Send it to the owner, or let them scan the QR code. It is valid for one hour.</li>
        <li>They approve with the manufacturer and land on Motorpool’s page, which records the outcome here.</li>
        <li>The new account and its vehicles appear under Accounts and Vehicles.</li>
      </ol>
    </SectionCard>
  );
}

/**
 * The page's URL state: the link shown (a consent link's id), `from` (a new link like this earlier
 * one, Reconnect: the form starts from its values), the list's status filter, and `account`
 * (with `vehicle` from a vehicle's page; `add=missing` also asks for the scopes found missing) to
 * reconnect an account. Plain parameters, read with `useSearchParams` and written with the History
 * API (which Next's router follows, without a server round trip): the page's first load carries no
 * URL-state library.
 */
type ConnectParams = {
  link: string | null;
  from: string | null;
  status: LinkDisplayStatus | null;
  account: string | null;
  vehicle: string | null;
  add: 'missing' | null;
};
const LINK_ID = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
const linkIdOf = (value: string | null) => (value !== null && LINK_ID(value) ? value : null);
const upstreamIdOf = (value: string | null) => (value !== null && isUpstreamId(value) ? value : null);
const statusOf = (value: string | null) =>
  value !== null && (CONSENT_LINK_FILTERS as readonly string[]).includes(value) ? (value as LinkDisplayStatus) : null;

function useConnectParams(): [ConnectParams, (changes: Partial<ConnectParams>) => void] {
  const params = useSearchParams();
  const state = {
    link: linkIdOf(params.get('link')),
    from: linkIdOf(params.get('from')),
    status: statusOf(params.get('status')),
    account: upstreamIdOf(params.get('account')),
    vehicle: upstreamIdOf(params.get('vehicle')),
    add: params.get('add') === 'missing' ? ('missing' as const) : null,
  };
  const push = (changes: Partial<ConnectParams>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const query = next.toString();
    window.history.pushState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
  };
  return [state, push];
}

/** The Connect section: the form (for those who may create links), the chosen link, and the list. */
export function ConnectWorkspace({ org }: { org: string }) {
  const canCreate = useCan('connect.create');
  const [{ link: shownLink, from, status, account, vehicle, add }, setState] = useConnectParams();
  const show = (link: string | null) => setState({ link, from: null, account: null, vehicle: null, add: null });
  const reconnect = (id: string) => setState({ link: null, from: id, account: null, vehicle: null, add: null });
  const result = shownLink ? (
    <LinkResult key={shownLink} org={org} linkId={shownLink} onClose={() => show(null)} onReconnect={canCreate ? reconnect : undefined} />
  ) : null;
  // The list comes first; a link shown (created below, or picked in the list) is brought into view.
  const resultBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownLink) resultBox.current?.scrollIntoView({ block: 'nearest' });
  }, [shownLink]);
  return (
    <div className="space-y-6">
      <ConsentLinks
        org={org}
        status={status}
        canCreate={canCreate}
        onStatus={(next) => setState({ status: next ? statusOf(next) : null })}
        onShow={(id) => show(id)}
      />
      {canCreate ? (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="order-2 xl:order-1">
            {account ? (
              <AccountReconnectForm
                org={org}
                accountId={account}
                vehicleId={vehicle}
                addMissing={add === 'missing'}
                onCreated={(link) => show(link.id)}
              />
            ) : from ? (
              <ReconnectForm org={org} from={from} onCreated={(link) => show(link.id)} />
            ) : (
              <ConnectForm org={org} onCreated={(link) => show(link.id)} />
            )}
          </div>
          <div ref={resultBox} className="order-1 scroll-mt-20 xl:sticky xl:top-20 xl:order-2">
            {result ?? <HowItWorks />}
          </div>
        </div>
      ) : (
        <div ref={resultBox} className="scroll-mt-20">
          {result}
        </div>
      )}
    </div>
  );
}
