import { CircleAlert, CircleCheck, CircleHelp, Clock } from 'lucide-react';
import Link from 'next/link';
import { accountLinks } from '@/lib/connect/account-links';
import type { OwnerLocale } from '@/lib/connect/owner-locale';
import { ownerIntl } from '@/lib/connect/owner-messages';
import type { ReturnView } from '@/lib/connect/return-view';
import { OwnerLanguageSwitch } from './owner-language-switch';
import { outcomeText } from './owner-outcome-text';
import { OwnerSharedScopes } from './owner-shared-scopes';

const ICONS = {
  connected: { Icon: CircleCheck, className: 'text-emerald-700 dark:text-emerald-400' },
  failed: { Icon: CircleAlert, className: 'text-red-700 dark:text-red-400' },
  expired: { Icon: Clock, className: 'text-amber-700 dark:text-amber-400' },
  unconfirmed: { Icon: CircleHelp, className: 'text-amber-700 dark:text-amber-400' },
  unmatched: { Icon: CircleHelp, className: 'text-zinc-600 dark:text-zinc-400' },
} as const;

const LINK = 'font-medium text-accent-700 underline dark:text-accent-100';

/**
 * The owner's page after consent, in their language. Only enumerated texts, the organization's
 * face (set by its admins) and dates are shown; an unmatched visit shows no organization at all.
 */
export function OwnerLanding({
  view,
  locale,
  switched,
  hrefFor,
}: {
  view: ReturnView;
  locale: OwnerLocale;
  /** The visit came from this page's language switch: not a second use of the link. */
  switched: boolean;
  hrefFor: (locale: OwnerLocale) => string;
}) {
  const face = view.face;
  const intl = ownerIntl(locale);
  const { t } = intl;
  const org = face?.name ?? t('fallbackOrg');
  const { title, body } = outcomeText(view, org, intl);
  const { Icon, className } = ICONS[view.outcome];
  const member = view.member;
  const links = member?.accountId ? accountLinks(member.org, member.accountId) : null;

  return (
    <div lang={locale} className="flex min-h-screen flex-col items-center px-4 py-8 sm:py-16">
      <header className="mb-6 flex w-full max-w-lg flex-wrap items-center justify-between gap-3">
        {face ? (
          <p className="flex min-w-0 items-center gap-3 text-base font-semibold">
            {face.logoUrl ? (
              // A small same-origin image served by Motorpool: next/image would add nothing here.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={face.logoUrl} alt={t('logoAlt', { org: face.name })} className="h-10 max-w-40 object-contain" />
            ) : null}
            <span className="break-words">{face.name}</span>
          </p>
        ) : (
          <span />
        )}
        <OwnerLanguageSwitch current={locale} label={t('language.label')} hrefFor={hrefFor} />
      </header>
      <main className="w-full max-w-lg rounded-xl border border-zinc-200 bg-white p-5 shadow-xs sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <p className={`flex items-center gap-2 text-sm font-medium ${className}`}>
          <Icon aria-hidden className="h-5 w-5" />
          {t(`status.${view.outcome}`)}
        </p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-4 space-y-3 text-zinc-700 dark:text-zinc-300">
          {body.filter(Boolean).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          {view.link?.usedBefore && view.link.settledAt && !switched ? (
            <p className="text-sm">{t('used', { date: intl.dateTime(new Date(view.link.settledAt)) })}</p>
          ) : null}
        </div>
        {face && view.link ? <OwnerSharedScopes view={view} face={face} intl={intl} /> : null}
        {member ? (
          <section
            aria-labelledby="member-heading"
            className="mt-6 rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-950"
          >
            <h2 id="member-heading" className="text-sm font-semibold">
              {t('member.heading', { org })}
            </h2>
            <ul className="mt-2 space-y-1 text-sm">
              {links ? (
                <>
                  <li>
                    <Link className={LINK} href={links.account}>
                      {t('member.account')}
                    </Link>
                  </li>
                  <li>
                    <Link className={LINK} href={links.vehicles}>
                      {t('member.vehicles')}
                    </Link>
                  </li>
                </>
              ) : null}
              <li>
                <Link className={LINK} href={`/o/${member.org}/connect`}>
                  {member.canConnect ? t('member.connect') : t('member.links')}
                </Link>
              </li>
            </ul>
          </section>
        ) : null}
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">{t('close')}</p>
      </main>
      <footer className="mt-6 flex w-full max-w-lg flex-wrap items-center justify-between gap-3 text-xs text-zinc-600 dark:text-zinc-400">
        {face?.privacyUrl ? (
          <a className="underline" href={face.privacyUrl} rel="noopener noreferrer" target="_blank">
            {t('contact.privacy')}
          </a>
        ) : (
          <span />
        )}
        <span>{t('poweredBy')}</span>
      </footer>
    </div>
  );
}
