import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { signInOverApi } from '../fixtures/console-process';
import { answerConsent } from '../fixtures/connect';
import { screenshotLooks } from '../fixtures/screenshots';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { mailConsole } from '../fixtures/mail-console';
import { expect, test } from '../fixtures/test';

// Issue 30: the organization's face (Settings) on the owner's landing page. A console of its own
// (E2E_PORT + 21): the face changes what every landing page of the demo organization shows.

const smtp = mailConsole(21, 'face');
const origin = smtp.origin;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: { cookies: [], origins: [] } });

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real PNG: a blue bar with a white square, 96 × 32. */
function logoPng(): Buffer {
  const [width, height] = [96, 32];
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const white = x > 8 && x < 24 && y > 8 && y < 24;
      rows.set(white ? [255, 255, 255] : [29, 78, 216], y * (width * 3 + 1) + 1 + x * 3);
    }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an admin sets the face in Settings; a German owner lands on a page with its name, logo, scopes and contacts', async ({ page }) => {
  const admin = await signInOverApi(origin, demoEmail('admin'), DEMO_PASSWORD);
  await page.context().addCookies((await admin.storageState()).cookies);
  const files = mkdtempSync(path.join(tmpdir(), 'motorpool-logo-'));
  const png = path.join(files, 'logo.png');
  const svg = path.join(files, 'logo.png.svg');
  writeFileSync(png, logoPng());
  writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

  await page.goto(`${origin}/o/demo/settings`);
  const panel = page.getByRole('region', { name: 'What vehicle owners see' });
  await panel.getByLabel('Display name').fill('Fahrzeugpool Nord');
  await panel.getByLabel('Support e-mail').fill('flotte@nord.example');
  await panel.getByLabel('Privacy-notice address').fill('http://nord.example/datenschutz');
  await panel.getByLabel('Choose an image').setInputFiles(svg);
  await expect(panel.getByRole('alert')).toHaveText(
    'SVG logos are not accepted, as they can carry scripts. Upload a PNG, JPEG or WebP image.',
  );
  await panel.getByLabel('Choose an image').setInputFiles(png);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Save what owners see' }).click();
  await expect(panel.getByText('The privacy-notice address is a full https:// address')).toBeVisible();
  await panel.getByLabel('Privacy-notice address').fill('https://nord.example/datenschutz');
  await panel.getByRole('button', { name: 'Save what owners see' }).click();
  await expect(page.getByText('Saved: owners see this from their next visit.')).toBeVisible();
  await expect(panel.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', /^\/connect\/logo\/[0-9a-f-]{36}$/);
  rmSync(files, { recursive: true, force: true });
  if (process.env.SCREENSHOTS) await panel.screenshot({ path: 'screenshots/tmp/owner-face-panel.png' });

  // The owner: no session at all (the settings page is left first: its polling would meet a 401).
  await page.goto(`${origin}/connect/return`);
  await page.context().clearCookies();
  const manager = await signInOverApi(origin, demoEmail('manager'), DEMO_PASSWORD);
  const created = await manager.post('/api/o/demo/connect', {
    data: { mode: 'account', makes: [], scopes: ['vehicle:telemetry', 'vehicle:commands'], region: 'EUROPE', locale: 'de-DE' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { link } = (await created.json()) as { link: { url: string } };
  const back = await answerConsent(page.request, link.url, 'approve');
  await page.goto(back.toString());

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Konto ist verbunden');
  await expect(page.getByRole('banner')).toContainText('Fahrzeugpool Nord');
  await expect(page.getByText('Fahrzeugpool Nord kann jetzt die Daten lesen')).toBeVisible();
  const logo = page.getByRole('img', { name: 'Logo von Fahrzeugpool Nord' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await expect(page.getByTestId('owner-scopes').getByRole('listitem')).toHaveText([/^aktuelle Daten lesen/, /^Fernbefehle senden/]);
  await expect(page.getByRole('link', { name: 'flotte@nord.example' })).toHaveAttribute('href', 'mailto:flotte@nord.example');
  await expect(page.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute('href', 'https://nord.example/datenschutz');
  await expect(page.getByText('Demo Fleet')).toHaveCount(0);

  // The logo is served to anyone, as the image it is, and nothing else answers there.
  const logoUrl = (await logo.getAttribute('src'))!;
  const served = await fetch(`${origin}${logoUrl}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await served.arrayBuffer()).equals(logoPng())).toBe(true);
  for (const other of ['/connect/logo/00000000-0000-4000-8000-000000000000', '/connect/logo/..%2F..%2Fapi', '/connect/logo/demo']) {
    const missing = await fetch(`${origin}${other}`);
    expect(missing.status, other).toBe(404);
    expect(await missing.text()).not.toContain('demo');
  }
  for (const context of [admin, manager]) await context.dispose();
  await screenshotLooks(page, 'owner-landing-de');
});

test('a manager e-mails a link to the owner in its language with the face; the link shows when it was sent and when the owner came back', async ({
  page,
}) => {
  const manager = await signInOverApi(origin, demoEmail('manager'), DEMO_PASSWORD);
  const created = await manager.post('/api/o/demo/connect', {
    data: { mode: 'account', makes: [], scopes: ['vehicle:charging_history'], region: 'EUROPE', locale: 'nl-NL' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { link } = (await created.json()) as { link: { id: string; url: string } };
  await page.context().addCookies((await manager.storageState()).cookies);

  await page.goto(`${origin}/o/demo/connect?link=${link.id}`);
  const to = 'eigenaar@example.nl';
  await page.getByLabel('Or e-mail it to the owner').fill('not-an-address');
  await page.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(page.getByText('The owner’s e-mail is not a valid address')).toBeVisible();
  await page.getByLabel('Or e-mail it to the owner').fill(to);
  await page.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(page.getByText(`Link sent to ${to}.`)).toBeVisible();
  await expect(page.locator('dd', { hasText: to })).toBeVisible();

  const mail = await smtp.inbox().nextTo(to);
  expect(mail.subject).toBe('Fahrzeugpool Nord: uw voertuig koppelen');
  expect(mail.text).toContain(link.url);
  expect(mail.text).toContain('- eerdere laadsessies lezen');
  expect(mail.text).toMatch(/De link werkt één keer, tot \d{1,2} \w+ \d{4} om \d{2}:\d{2}\./);

  const back = await answerConsent(page.request, link.url, 'approve');
  const owner = await page.context().browser()!.newPage();
  await owner.goto(back.toString());
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Uw account is gekoppeld');
  await owner.close();
  await expect(page.getByText('Owner returned')).toBeVisible({ timeout: 15_000 });
  await manager.dispose();
  await screenshotLooks(page, 'connect-link-mailed');
});
