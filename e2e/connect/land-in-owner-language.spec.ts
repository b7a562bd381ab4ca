import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { answerConsent, createConsentLinkAs } from '../fixtures/connect';
import { screenshotLooks } from '../fixtures/screenshots';

// The owner has no Motorpool session.
test.use({ storageState: { cookies: [], origins: [] } });

const SCOPES = ['vehicle:information', 'vehicle:telemetry', 'vehicle:charging_history'];

const EXPECTED = {
  'de-DE': {
    title: 'Ihr Konto ist verbunden',
    scopes: ['Grunddaten lesen', 'aktuelle Daten lesen', 'frühere Ladevorgänge lesen'],
    withdraw: 'Wenn Sie es sich anders überlegen',
  },
  'fr-FR': {
    title: 'Votre compte est connecté',
    scopes: ['lire les informations de base', 'lire les données en direct', 'lire l’historique des recharges'],
    withdraw: 'Si vous changez d’avis',
  },
  'nl-NL': {
    title: 'Uw account is gekoppeld',
    scopes: ['basisgegevens lezen', 'actuele gegevens lezen', 'eerdere laadsessies lezen'],
    withdraw: 'Van gedachten veranderd?',
  },
} as const;

/** axe in light and dark on a desktop and at 360 px, and nothing wider than the phone. */
async function expectAccessibleEverywhere(page: Page, locale: string) {
  const viewport = page.viewportSize()!;
  for (const [scheme, width] of [
    ['light', viewport.width],
    ['dark', viewport.width],
    ['light', 360],
    ['dark', 360],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: viewport.height });
    if (scheme === 'dark') await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await seriousViolations(page), `${locale} ${scheme} at ${width} px`).toEqual([]);
    if (width === 360)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} at 360 px`).toBeLessThanOrEqual(360);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(viewport);
}

for (const [locale, expected] of Object.entries(EXPECTED)) {
  test(`a link created in ${locale} lands on a page in ${locale} that names the organization and lists the scopes`, async ({
    page,
    baseURL,
  }) => {
    const link = await createConsentLinkAs(baseURL!, 'manager', { locale, scopes: SCOPES });
    const back = await answerConsent(page.request, link.url, 'approve');
    await page.goto(back.toString());

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.title);
    await expect(page.locator(`[lang="${locale}"]`).first()).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Demo Fleet');
    const scopes = page.getByTestId('owner-scopes').getByRole('listitem');
    await expect(scopes).toHaveCount(expected.scopes.length);
    for (const [i, words] of expected.scopes.entries()) await expect(scopes.nth(i)).toContainText(words);
    await expect(page.getByRole('heading', { name: expected.withdraw })).toBeVisible();
    await expect(page.getByText('Motorpool', { exact: false })).toHaveCount(1);
    await expect(page).toHaveTitle(/Demo Fleet$/);
    await expectAccessibleEverywhere(page, locale);
    await screenshotLooks(page, `owner-landing-${locale}`);
  });
}

test('the language switch changes the language and keeps the answer', async ({ page, baseURL }) => {
  const link = await createConsentLinkAs(baseURL!, 'manager', { locale: 'de-DE', scopes: ['vehicle:all'] });
  const back = await answerConsent(page.request, link.url, 'deny');
  await page.goto(back.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Die Verbindung ist nicht zustande gekommen');
  await expect(page.getByText('Sie haben den Zugriff auf der Zustimmungsseite abgelehnt.')).toBeVisible();

  const languages = page.getByRole('navigation', { name: 'Sprache' });
  await expect(languages.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
  await languages.getByRole('link', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La connexion n’a pas abouti');
  await expect(page.getByText('Vous avez refusé l’accès sur la page de consentement.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Français' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The connection did not go through');
  await expect(page.getByTestId('owner-scopes').getByRole('listitem')).toHaveText([
    'read all data from your vehicles and send remote commands',
  ]);
  // Switching language is not a second use; opening the return address again is, in the link's language.
  await expect(page.getByText('already been used')).toHaveCount(0);
  await page.goto(back.toString());
  await expect(page.getByText('Dieser Link wurde bereits verwendet.', { exact: false })).toBeVisible();
  await expectAccessibleEverywhere(page, 'en-GB');
});
