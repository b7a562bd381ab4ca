import { expect, test } from '../fixtures/test';
import { spareAccount, vehiclesOfAccount } from '../fixtures/fleet';
import { storageStateOf } from '../fixtures/roles';
import { stepUp } from '../fixtures/step-up';

test.use({ storageState: storageStateOf('admin') });

test('disconnects an account after a confirmation naming it and saying what stops; its vehicles leave the fleet', async ({
  page,
  baseURL,
}) => {
  const account = await spareAccount(page.request, 0);
  await stepUp(page.request, baseURL!);
  const { account: record } = await (await page.request.get(`/api/o/demo/accounts/${account.id}`)).json();
  await page.goto(`/o/demo/accounts/${account.id}`);
  await expect(page.getByRole('heading', { name: record.username, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vehicles', exact: true }).locator('tbody tr')).toHaveCount(account.vehicles.length);

  await page.getByRole('button', { name: 'Disconnect account' }).click();
  const dialog = page.getByRole('dialog', { name: `Disconnect ${record.username}?` });
  await expect(dialog).toContainText('Every vehicle under it stops synchronising');
  await dialog.getByRole('button', { name: 'Disconnect account' }).click();
  await expect(page.getByText(`${record.username} disconnected.`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'This account is disconnected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect account' })).toHaveCount(0);

  expect((await vehiclesOfAccount(page.request, account.id)).items).toEqual([]);
  await page.getByRole('link', { name: 'Back to the accounts' }).click();
  await expect(page.getByRole('region', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('link', { name: record.username })).toHaveCount(0);
  const audit = await (await page.request.get('/api/o/demo/audit?action=accounts.disconnected')).json();
  expect(audit.events[0]).toMatchObject({ targetType: 'account', targetId: account.id, outcome: 'success' });
});
