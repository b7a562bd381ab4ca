import { OWNER_LOCALE_NAMES, OWNER_LOCALES, type OwnerLocale } from '@/lib/connect/owner-locale';

/** Plain links (no script needed): the same validated return address with `lang` set. */
export function OwnerLanguageSwitch({
  current,
  label,
  hrefFor,
}: {
  current: OwnerLocale;
  label: string;
  hrefFor: (locale: OwnerLocale) => string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {OWNER_LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={hrefFor(locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              className={
                locale === current
                  ? 'rounded-md bg-zinc-200 px-2 py-1 font-semibold text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
                  : 'rounded-md px-2 py-1 text-accent-700 underline-offset-2 hover:underline dark:text-accent-100'
              }
            >
              {OWNER_LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
