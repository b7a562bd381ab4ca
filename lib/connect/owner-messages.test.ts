import { describe, expect, it } from 'vitest';
import { OWNER_MESSAGES } from './owner-messages';
import { localeFromAcceptLanguage, OWNER_LOCALES, pickOwnerLocale } from './owner-locale';
import { SCOPE_TEXT } from './scopes';
import { scopeMessageKey } from './owner-scopes';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

/** The ICU arguments and tags a message uses (branch texts of a select or plural are read through): a translation must use the same ones. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  let i = 0;
  // Reads literal text up to the closing brace of the current level, collecting the arguments met.
  const text = (): void => {
    while (i < message.length && message[i] !== '}') {
      if (message[i] === '{') {
        i++;
        argument();
      } else i++;
    }
  };
  const argument = (): void => {
    const head = /^\s*(\w+)\s*(?:,\s*(\w+)\s*,?)?/.exec(message.slice(i))!;
    found.add(`{${head[1]}}`);
    i += head[0].length;
    if (head[2] === 'select' || head[2] === 'plural') {
      while (i < message.length && message[i] !== '}') {
        if (message[i] === '{') {
          i++;
          text();
        }
        i++;
      }
    } else while (i < message.length && message[i] !== '}') i++;
    i++;
  };
  text();
  for (const m of message.matchAll(/<(\w+)>/g)) found.add(`<${m[1]}>`);
  return [...found].sort();
}

/** Words that are the same in the other language on purpose (the product's name, "E-mail" in French and Dutch). */
const SAME_AS_ENGLISH = new Set(['contact.email@fr-FR', 'contact.email@nl-NL']);

const english = flatten(OWNER_MESSAGES['en-GB'] as Tree);

describe('the owner-facing messages', () => {
  it('has every English key in every locale, and no key English lacks', () => {
    for (const locale of OWNER_LOCALES) {
      expect(Object.keys(flatten(OWNER_MESSAGES[locale] as Tree)).sort(), locale).toEqual(Object.keys(english).sort());
    }
  });

  it('leaves no message empty and none left in English where it should be translated', () => {
    for (const locale of OWNER_LOCALES) {
      for (const [key, text] of Object.entries(flatten(OWNER_MESSAGES[locale] as Tree))) {
        expect(text.trim(), `${key}@${locale}`).not.toBe('');
        if (locale !== 'en-GB' && !SAME_AS_ENGLISH.has(`${key}@${locale}`))
          expect(text, `${key}@${locale} is still English`).not.toBe(english[key]);
      }
    }
  });

  it('uses the same arguments and tags as English in every translation', () => {
    expect(placeholders('<strong>{org}</strong> sees {kind, select, vehicle {it, {n}} other {them}}.')).toEqual([
      '<strong>',
      '{kind}',
      '{n}',
      '{org}',
    ]);
    for (const locale of OWNER_LOCALES) {
      const messages = flatten(OWNER_MESSAGES[locale] as Tree);
      for (const [key, text] of Object.entries(english))
        expect(placeholders(messages[key]!), `${key}@${locale}`).toEqual(placeholders(text));
    }
  });

  it('words every scope the console offers', () => {
    for (const scope of Object.keys(SCOPE_TEXT)) expect(english[`shared.scope.${scopeMessageKey(scope)}`], scope).toBeTruthy();
  });
});

describe('the owner locale', () => {
  it('prefers the switch, then the link, then the browser, then English', () => {
    expect(pickOwnerLocale({ chosen: 'fr-FR', stored: 'de-DE', acceptLanguage: 'nl' })).toBe('fr-FR');
    expect(pickOwnerLocale({ chosen: 'xx', stored: 'de-DE', acceptLanguage: 'nl' })).toBe('de-DE');
    expect(pickOwnerLocale({ stored: null, acceptLanguage: 'nl-BE,nl;q=0.9' })).toBe('nl-NL');
    expect(pickOwnerLocale({ stored: 'es-ES', acceptLanguage: 'es-ES,es;q=0.9' })).toBe('en-GB');
    expect(pickOwnerLocale({})).toBe('en-GB');
  });

  it('reads Accept-Language by weight and order, exact tags before the language alone', () => {
    expect(localeFromAcceptLanguage('es;q=1, fr;q=0.5, de;q=0.8')).toBe('de-DE');
    expect(localeFromAcceptLanguage('en-US, de-DE')).toBe('en-GB');
    expect(localeFromAcceptLanguage('fr-CA;q=0.9, *;q=0.1')).toBe('fr-FR');
    expect(localeFromAcceptLanguage('de;q=0, nl;q=0.2')).toBe('nl-NL');
    expect(localeFromAcceptLanguage('garbage;;;,')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
});
