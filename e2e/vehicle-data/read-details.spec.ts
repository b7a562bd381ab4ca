import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager'), locale: 'en-US' });

test('the options brand shows its configuration and factory options; specifications with units', async ({ page, request }) => {
  const { optionsBrandVehicleId } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(optionsBrandVehicleId, 'details'));
  const options = section(page, 'Options');
  await expect(options.getByRole('definition').first()).toBeVisible();
  await expect(options.getByRole('table', { name: 'Factory options' }).locator('tbody tr').first()).toContainText(/[A-Z_]{4,}/);
  const specifications = section(page, 'Specifications');
  await expect(specifications.getByText('Battery capacity (gross)').locator('..')).toContainText(/\d+ kWh/);
  await expect(specifications.getByText('All-electric range', { exact: true }).locator('..')).toContainText(/\d+ km/);
});

test('another brand’s options are explained in words, not shown as an error', async ({ page, request }) => {
  const { unsupportedOptionsVehicleId } = await sandboxFixtures(request);
  const vehicle = (await (await request.get(`/api/o/demo/vehicles/${unsupportedOptionsVehicleId}`)).json()).vehicle;
  await page.goto(vehicleUrl(unsupportedOptionsVehicleId, 'details'));
  const options = section(page, 'Options');
  const note = options.getByRole('note');
  await expect(note).toContainText('Options are not available for this brand');
  await expect(note).toContainText(`this vehicle is a ${vehicle.make}`);
  await expect(note).toContainText('UNSUPPORTED_OEM');
  await expect(page.getByRole('alert').filter({ hasText: /could not be loaded/ })).toHaveCount(0);
  // The upstream refusal stays inspectable: its request id is shown with the explanation.
  await expect(options.getByText(/^Request id req_/)).toBeVisible();
});

test('a vehicle registered outside the specification countries gets the reason, not an error', async ({ page, request }) => {
  const { noSpecificationsVehicleId } = await sandboxFixtures(request);
  const vehicle = (await (await request.get(`/api/o/demo/vehicles/${noSpecificationsVehicleId}`)).json()).vehicle;
  const country = new Intl.DisplayNames('en-US', { type: 'region' }).of(vehicle.registrationCountry);
  await page.goto(vehicleUrl(noSpecificationsVehicleId, 'details'));
  const note = section(page, 'Specifications').getByRole('note');
  await expect(note).toContainText('No specifications for this registration country');
  await expect(note).toContainText('Germany');
  await expect(note).toContainText(`This vehicle is registered in ${country} (${vehicle.registrationCountry}).`);
  await expect(page.getByRole('alert').filter({ hasText: /could not be loaded/ })).toHaveCount(0);
});
