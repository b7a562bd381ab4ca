import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { dataApi, section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('support'), permissions: ['clipboard-read', 'clipboard-write'] });

test('the raw view shows exactly what the Vehicle API returned, its request id and duration, and copies it', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const answered = page.waitForResponse((r) => r.url().endsWith(dataApi(id, 'telemetry')));
  await page.goto(vehicleUrl(id, 'telemetry'));
  const body = await (await answered).json();
  expect(body.requestId).toMatch(/^req_[0-9a-f]{20}$/);
  expect(body.durationMs).toBeGreaterThan(0);
  expect(body.raw.id).toBe(id);

  const telemetry = section(page, 'Telemetry');
  await expect(telemetry.getByText(`Request id ${body.requestId}`)).toBeVisible();
  await expect(telemetry.getByText(/^took [\d.,]+ ms$/)).toBeVisible();
  await telemetry.getByRole('button', { name: 'Raw response' }).click();
  const raw = telemetry.getByRole('region', { name: 'Raw response of Telemetry' });
  expect(JSON.parse((await raw.textContent())!)).toEqual(body.raw);
  await telemetry.getByRole('button', { name: 'Copy the raw response of Telemetry' }).click();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(body.raw);
  await telemetry.getByRole('button', { name: 'Copy the request id of Telemetry' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(body.requestId);
  await telemetry.getByRole('button', { name: 'Hide raw response' }).click();
  await expect(raw).toHaveCount(0);
});

test('an explained refusal keeps its raw error body for support', async ({ page, request }) => {
  const { unsupportedOptionsVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'details'));
  const options = section(page, 'Options');
  await options.getByRole('button', { name: 'Raw response' }).click();
  const raw = JSON.parse((await options.getByRole('region', { name: 'Raw response of Options' }).textContent())!);
  expect(raw).toMatchObject({ error: 'UNSUPPORTED_OEM', requestId: expect.stringMatching(/^req_/) });
});

test('support reads every section with its raw view and sees no control that changes anything', async ({ page, request }) => {
  // Every section in turn, each with its raw view: the longest walk of the suite.
  test.slow();
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const sections: [string, string[]][] = [
    ['', ['At a glance']],
    ['telemetry', ['Telemetry']],
    ['journeys', ['Journeys']],
    ['charging', ['Charging sessions']],
    ['maintenance', ['Manufacturer alerts', 'Recommended services', 'Tire pressure history', 'Departures and charging windows']],
    ['details', ['Specifications', 'Options']],
    ['rate-limits', ['Rate limits']],
  ];
  await page.goto(vehicleUrl(id));
  const tabs = page.getByRole('navigation', { name: 'Vehicle sections' });
  for (const [tab, names] of sections) {
    if (tab) await tabs.locator(`a[href$="/${tab}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${vehicleUrl(id, tab)}$`));
    for (const name of names) {
      const card = section(page, name);
      // A card may show more than one call (departures and charging windows): each has its own.
      await expect(card.getByText(/^Request id req_/).first(), `${name} request id`).toBeVisible();
      await expect(card.getByRole('button', { name: 'Raw response' }).first(), `${name} raw view`).toBeVisible();
    }
  }
  await page.goto(vehicleUrl(id));
  await expect(page.getByRole('region', { name: 'Remote commands' }).getByRole('button', { name: 'Lock doors', exact: true })).toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: 'Disconnect vehicle' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add tag' })).toHaveCount(0);
  await page.goto(vehicleUrl(id, 'journeys'));
  await expect(section(page, 'Totals and distance per day').getByRole('button', { name: 'Export CSV' })).toBeVisible();
});
