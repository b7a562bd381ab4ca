'use client';

import { makeLabel } from '@/lib/contract/makes';
import { ExternalLink, X } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader, SectionCard } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { inputClassOf } from '@/components/ui/field';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { accountLinks } from '@/lib/connect/account-links';
import { CONNECT_ERROR_TEXT, RETURN_FAILURE_TEXT, formatRemaining } from '@/lib/connect/explain';
import { displayStatus } from '@/lib/connect/link-filters';
import { LOCALE_TEXT, REGION_TEXT, SCOPE_TEXT } from '@/lib/connect/scopes';
import { useConsentLink } from '@/lib/connect/query';
import { LinkStatusBadge } from './link-status-badge';
import { MailLinkForm } from './mail-link-form';
import { QrCode } from './qr-code';
import { useNow } from '@/lib/hooks/use-now';

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Announces the expiry once to screen readers; the visible countdown itself stays quiet. */
function Countdown({ expiresAt, now }: { expiresAt: string; now: number }) {
  const remaining = formatRemaining(expiresAt, now);
  return (
    <p className="text-sm">
      {remaining ? (
        <>
          Expires in{' '}
          <span role="timer" aria-label="Time left before the link expires" className="tabular font-semibold">
            {remaining}
          </span>{' '}
          <span className="text-zinc-600 dark:text-zinc-400">
            (at <Time value={expiresAt} />)
          </span>
        </>
      ) : (
        <span className="font-semibold">This link has expired.</span>
      )}
    </p>
  );
}

function ReconnectButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      Reconnect: a new link like this one
    </Button>
  );
}

/** The link just created (or picked from the list): copy, QR code, live countdown, and later its outcome. */
export function LinkResult({
  org,
  linkId,
  onClose,
  onReconnect,
}: {
  org: string;
  linkId: string;
  onClose: () => void;
  /** Starts a new link like this one (brands, region, scopes, language, vehicle); absent for those who may not create links. */
  onReconnect?: (linkId: string) => void;
}) {
  const now = useNow(1000);
  const link = useConsentLink(org, linkId);
  const status = link.data ? displayStatus(link.data.link, now) : null;
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'PENDING' && status && status !== 'PENDING') {
      setAnnouncement(
        status === 'EXPIRED'
          ? 'The consent link has expired.'
          : status === 'COMPLETED'
            ? 'The owner completed the connection.'
            : 'The connection failed.',
      );
    }
    previous.current = status;
  }, [status]);

  const close = (
    <Button variant="ghost" size="icon" aria-label="Close the link details" onClick={onClose}>
      <X aria-hidden className="h-4 w-4" />
    </Button>
  );

  if (link.isPending) {
    return (
      <Card>
        <CardHeader title="Consent link" actions={close} />
        <CardBody className="space-y-3" role="status" aria-label="Loading the link">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="mx-auto h-44 w-44" />
        </CardBody>
      </Card>
    );
  }
  if (link.isError) {
    return (
      <Card>
        <CardHeader title="Consent link" actions={close} />
        <CardBody>
          <ErrorState error={link.error} title="The link could not be loaded" onRetry={() => link.refetch()} />
        </CardBody>
      </Card>
    );
  }

  const l = link.data.link;
  const links = l.accountId ? accountLinks(org, l.accountId) : null;
  return (
    <SectionCard
      id="link-result-heading"
      title={
        <span className="inline-flex flex-wrap items-center gap-2">
          Consent link <LinkStatusBadge status={status!} />
        </span>
      }
      actions={close}
    >
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {status === 'PENDING' ? (
        <>
          <div className="space-y-1">
            <label htmlFor="consent-link-url" className="block text-sm font-medium">
              Send this link to the owner
            </label>
            <div className="flex items-center gap-1">
              <input
                id="consent-link-url"
                readOnly
                value={l.url}
                className={inputClassOf({ text: 'font-mono text-xs' })}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={l.url} label="Copy the consent link" />
              <a
                className={buttonClass({ variant: 'ghost', size: 'icon' })}
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Open the consent link in a new tab"
              >
                <ExternalLink aria-hidden className="h-4 w-4" />
              </a>
            </div>
          </div>
          <Countdown expiresAt={l.expiresAt} now={now} />
          <MailLinkForm org={org} linkId={l.id} locale={l.locale} />
          <figure className="flex flex-col items-center gap-1">
            <QrCode
              value={l.url}
              label="QR code of the consent link"
              className="h-44 w-44 rounded-md border border-zinc-200 dark:border-zinc-700"
            />
            <figcaption className="text-xs text-zinc-600 dark:text-zinc-400">The owner can scan this with a phone.</figcaption>
          </figure>
        </>
      ) : status === 'EXPIRED' ? (
        <div className="space-y-2 text-sm">
          <p>
            This link expired <Time value={l.expiresAt} relative /> without the owner finishing. Create a new link to try again.
          </p>
          {onReconnect ? <ReconnectButton onClick={() => onReconnect(l.id)} /> : null}
        </div>
      ) : status === 'COMPLETED' ? (
        <div className="space-y-2 text-sm">
          <p>
            The owner approved <Time value={l.completedAt} relative />.
          </p>
          {links ? (
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <Link className="font-medium text-accent-700 underline dark:text-accent-100" href={links.account}>
                Open the account
              </Link>
              <Link className="font-medium text-accent-700 underline dark:text-accent-100" href={links.vehicles}>
                See its vehicles
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <div className="space-y-1 text-sm">
          <p>
            {(l.errorCode && (RETURN_FAILURE_TEXT[l.errorCode] ?? CONNECT_ERROR_TEXT[l.errorCode]?.what)) ||
              'The owner did not complete the connection.'}
          </p>
          {l.errorCode ? <p className="font-mono text-xs">{l.errorCode}</p> : null}
          <p>Create a new link if the owner wants to try again.</p>
          {onReconnect ? <ReconnectButton onClick={() => onReconnect(l.id)} /> : null}
        </div>
      )}
      <dl className="divide-y divide-zinc-100 border-t border-zinc-200 pt-2 dark:divide-zinc-800 dark:border-zinc-800">
        <Detail term="Created">
          <Time value={l.createdAt} />
          {l.createdBy ? ` by ${l.createdBy}` : ''}
        </Detail>
        <Detail term="Connects">{l.mode === 'vehicle' ? 'One vehicle' : 'An account and all its vehicles'}</Detail>
        {l.vin ? (
          <Detail term="VIN">
            <span className="font-mono">{l.vin}</span>
            {l.model || l.modelYear ? ` · ${[l.model, l.modelYear].filter(Boolean).join(' ')}` : ''}
          </Detail>
        ) : null}
        <Detail term="Brands">{l.makes.length ? l.makes.map(makeLabel).join(', ') : 'Owner chooses'}</Detail>
        <Detail term="Scopes">{l.scopes.map((s) => SCOPE_TEXT[s as keyof typeof SCOPE_TEXT]?.label ?? s).join(', ')}</Detail>
        <Detail term="Region">{REGION_TEXT[l.region as keyof typeof REGION_TEXT] ?? l.region ?? '—'}</Detail>
        {l.countryCode ? <Detail term="Country">{l.countryCode}</Detail> : null}
        <Detail term="Language">{LOCALE_TEXT[l.locale as keyof typeof LOCALE_TEXT] ?? l.locale ?? '—'}</Detail>
        {l.mailedAt ? (
          <Detail term="E-mailed">
            <Time value={l.mailedAt} /> to {l.mailedTo}
          </Detail>
        ) : null}
        {l.firstOpenedAt ? (
          <Detail term="Owner returned">
            <Time value={l.firstOpenedAt} />
          </Detail>
        ) : null}
      </dl>
    </SectionCard>
  );
}
