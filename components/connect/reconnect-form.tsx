'use client';

import { ErrorState, LoadingRows } from '@/components/ui/states';
import { SectionCard } from '@/components/ui/card';
import { Time } from '@/components/ui/time';
import type { ConsentLinkView } from '@/lib/connect/links';
import { useConsentLink } from '@/lib/connect/query';
import { linkRequestFrom } from '@/lib/connect/reconnect';
import { ConnectForm } from './connect-form';

/** The form pre-filled from an earlier link (a failed or expired one): same brands, region, scopes, language and vehicle. */
export function ReconnectForm({ org, from, onCreated }: { org: string; from: string; onCreated: (link: ConsentLinkView) => void }) {
  const earlier = useConsentLink(org, from);
  if (earlier.isPending)
    return (
      <SectionCard id="reconnect-heading" title="New consent link">
        <LoadingRows label="Loading the earlier link" />
      </SectionCard>
    );
  if (earlier.isError)
    return <ErrorState error={earlier.error} title="The earlier link could not be loaded" onRetry={() => earlier.refetch()} />;
  const link = earlier.data.link;
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status">
        Pre-filled from the link of <Time value={link.createdAt} />: the same brands, region, scopes and language
        {link.vin ? ', and the same vehicle' : ''}.
      </p>
      <ConnectForm key={from} org={org} initial={linkRequestFrom(link)} onCreated={onCreated} />
    </div>
  );
}
