import type { OwnerIntl } from '@/lib/connect/owner-messages';
import { ownerScopes, scopeMessageKey } from '@/lib/connect/owner-scopes';
import type { OwnerFaceView } from '@/lib/connect/owner-face';
import type { ReturnView } from '@/lib/connect/return-view';

type ScopeKey = Parameters<OwnerIntl['t']>[0] & `shared.scope.${string}`;

/** What the link asked for, in plain words, and how to take it back. */
export function OwnerSharedScopes({ view, face, intl }: { view: ReturnView; face: OwnerFaceView; intl: OwnerIntl }) {
  const { t } = intl;
  const kind = view.singleVehicle ? 'vehicle' : 'account';
  const scopes = ownerScopes(view.link?.scopes ?? []);
  const connected = view.outcome === 'connected';
  const contacts = [
    face.supportEmail ? { label: t('contact.email'), href: `mailto:${face.supportEmail}`, text: face.supportEmail } : null,
    face.supportPhone
      ? { label: t('contact.phone'), href: `tel:${face.supportPhone.replace(/[^+\d]/g, '')}`, text: face.supportPhone }
      : null,
  ].filter((c) => c !== null);
  return (
    <>
      {scopes.length ? (
        <section aria-labelledby="shared-heading" className="mt-6">
          <h2 id="shared-heading" className="text-base font-semibold">
            {connected ? t('shared.heading') : t('shared.headingAsked')}
          </h2>
          <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
            {connected ? t('shared.may', { org: face.name }) : t('shared.asked', { org: face.name })}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300" data-testid="owner-scopes">
            {scopes.map((scope) => (
              <li key={scope}>{t(`shared.scope.${scopeMessageKey(scope)}` as ScopeKey, { kind })}</li>
            ))}
          </ul>
          {connected ? null : <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{t('shared.none')}</p>}
        </section>
      ) : null}
      {connected ? (
        <section aria-labelledby="withdraw-heading" className="mt-6">
          <h2 id="withdraw-heading" className="text-base font-semibold">
            {t('withdraw.heading')}
          </h2>
          <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{t('withdraw.app')}</p>
          {contacts.length ? (
            <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{t('withdraw.contact', { org: face.name })}</p>
          ) : null}
          <ContactList contacts={contacts} />
        </section>
      ) : contacts.length ? (
        <section aria-labelledby="contact-heading" className="mt-6">
          <h2 id="contact-heading" className="text-base font-semibold">
            {t('contact.heading', { org: face.name })}
          </h2>
          <ContactList contacts={contacts} />
        </section>
      ) : null}
    </>
  );
}

function ContactList({ contacts }: { contacts: { label: string; href: string; text: string }[] }) {
  if (!contacts.length) return null;
  return (
    <ul className="mt-1 space-y-1 text-sm">
      {contacts.map((c) => (
        <li key={c.href} className="flex flex-wrap gap-x-2">
          <span className="text-zinc-600 dark:text-zinc-400">{c.label}</span>
          <a className="font-medium break-all text-accent-700 underline dark:text-accent-100" href={c.href}>
            {c.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
