import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { cache } from 'react';
import { OwnerLanding } from '@/components/connect/owner/owner-landing';
import { getSessionUserId } from '@/lib/auth/session';
import { clientIp } from '@/lib/bff/audit';
import { isOwnerLocale, pickOwnerLocale, type OwnerLocale } from '@/lib/connect/owner-locale';
import { ownerIntl } from '@/lib/connect/owner-messages';
import { settleConnectReturn } from '@/lib/connect/server/settle-connect-return';
import { parseConnectReturn, type ConnectReturn } from '@/lib/connect/return-schemas';

type Search = Record<string, string | string[] | undefined>;

/** One settlement per request, shared by the title and the page (keyed by the validated query). */
const landing = cache(async (key: string) => {
  const query = JSON.parse(key) as ConnectReturn;
  const requestHeaders = await headers();
  const view = await settleConnectReturn(query, { userId: await getSessionUserId(), ip: clientIp({ headers: requestHeaders }) });
  return { view, acceptLanguage: requestHeaders.get('accept-language') };
});

async function resolve(searchParams: Promise<Search>) {
  const search = await searchParams;
  const query = parseConnectReturn(search);
  const { view, acceptLanguage } = await landing(JSON.stringify(query));
  const chosen = Array.isArray(search.lang) ? search.lang[0] : search.lang;
  const locale = pickOwnerLocale({ chosen, stored: view.link?.locale, acceptLanguage });
  return { query, view, locale, switched: isOwnerLocale(chosen) };
}

export async function generateMetadata({ searchParams }: PageProps<'/connect/return'>): Promise<Metadata> {
  const { view, locale } = await resolve(searchParams);
  const title = ownerIntl(locale).t('meta.title');
  return { title: { absolute: view.face ? `${title} · ${view.face.name}` : title }, robots: { index: false, follow: false } };
}

/** The same validated return address in another language: only the fields the page understood travel. */
function languageHref(query: ConnectReturn) {
  return (locale: OwnerLocale) => {
    const params = new URLSearchParams();
    for (const key of ['result', 'accountId', 'error', 'link', 'state'] as const) {
      const value = query[key];
      if (value) params.set(key, value);
    }
    params.set('lang', locale);
    return `/connect/return?${params}`;
  };
}

/**
 * Where a vehicle owner lands after the consent flow. Public (the owner has no Motorpool account),
 * outside the console, and the one page in the owner's language (lib/connect/messages). Only
 * validated values reach the page; see lib/connect/server/resolve-connect-return.ts for what is recorded.
 */
export default async function ConnectReturnPage({ searchParams }: PageProps<'/connect/return'>) {
  const { query, view, locale, switched } = await resolve(searchParams);
  return <OwnerLanding view={view} locale={locale} switched={switched} hrefFor={languageHref(query)} />;
}
