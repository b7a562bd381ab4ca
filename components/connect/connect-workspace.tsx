'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef } from 'react';
import { parseAsStringLiteral, useQueryStates } from 'nuqs';
import { parseAsStringWhere } from '@/components/list/url-params';
import { withUrlState } from '@/components/list/with-url-state';
import { useCan } from '@/components/layout/session-role';
import { SectionCard } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/states';
import { CONSENT_LINK_FILTERS } from '@/lib/connect/link-filters';
import { ConnectForm } from './connect-form';
import { ReconnectForm } from './reconnect-form';

/**
 * The list of links, fetched in the browser (the server draws its loading rows either way): its
 * code loads after the page's own, which keeps the page's first load under budget with nuqs in it.
 */
const ConsentLinks = dynamic(() => import('./consent-links').then((m) => m.ConsentLinks), {
  ssr: false,
  loading: () => <LoadingRows rows={3} label="Loading consent links" />,
});

/** Loaded when a link is shown (created, or picked from the list), with its QR code. */
const LinkResult = dynamic(() => import('./link-result').then((m) => m.LinkResult), {
  ssr: false,
  loading: () => <LoadingRows rows={3} label="Loading the link" />,
});

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

/** The link shown (a consent link's id) and the list's status filter. */
const LINK_ID = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
const connectParams = {
  link: parseAsStringWhere(LINK_ID),
  /** A new link like this earlier one (Reconnect): the form starts from its values. */
  from: parseAsStringWhere(LINK_ID),
  status: parseAsStringLiteral(CONSENT_LINK_FILTERS),
};

/** The Connect section: the form (for those who may create links), the chosen link, and the list. */
function Workspace({ org }: { org: string }) {
  const canCreate = useCan('connect.create');
  const [{ link: shownLink, from, status }, setState] = useQueryStates(connectParams);
  const show = (link: string | null) => void setState({ link, from: null }, { history: 'push' });
  const reconnect = (id: string) => void setState({ link: null, from: id }, { history: 'push' });
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
        onStatus={(next) => void setState({ status: next ? connectParams.status.parse(next) : null }, { history: 'push' })}
        onShow={(id) => show(id)}
      />
      {canCreate ? (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="order-2 xl:order-1">
            {from ? (
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

export const ConnectWorkspace = withUrlState(Workspace);
