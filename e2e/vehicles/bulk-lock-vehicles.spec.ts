import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { commandableVehicles, tagVehicles } from '../fixtures/fleet';
import { sandboxExecutionCount, setSandboxVehicleOnline } from '../fixtures/sandbox';
import { stepUp } from '../fixtures/step-up';

test.use({ storageState: storageStateOf('manager') });

test('lock 10 selected vehicles where 2 are offline: 8 executed, 2 failed with reasons, each sent once', async ({
  page,
  request,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const chosen = (await commandableVehicles(request, 20)).slice(-10).map((v) => v.id);
  expect(chosen).toHaveLength(10);
  // Two of them drop off the network in the sandbox for the length of the test.
  const offline = chosen.slice(-2);
  await tagVehicles(request, baseURL!, chosen, { key: 'night', value: run });
  for (const id of offline) await setSandboxVehicleOnline(request, id, false);
  try {
    await page.goto(`/o/demo/vehicles?tagKey=night&tagValue=${run}`);
    const table = page.getByRole('region', { name: 'Vehicles', exact: true });
    await expect(table.locator('tbody tr')).toHaveCount(10);
    // The header's box selects the page's rows; the bulk action applies to the rows selected.
    const form = page.getByRole('form', { name: 'Bulk action' });
    await expect(form.getByRole('radio', { name: 'Selected vehicles (0)' })).toBeChecked();
    await table.getByRole('checkbox', { name: 'Select every vehicle on this page' }).check();
    await expect(form.getByRole('radio', { name: 'Selected vehicles (10)' })).toBeChecked();
    await form.getByLabel('Action').selectOption('command');
    await form.getByLabel('Command', { exact: true }).selectOption('LOCK_DOORS');
    await form.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Lock doors to 10 vehicles?' });
    // Ten is not above 50: no count to type back.
    await expect(dialog.getByText('to confirm')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Start: 10 vehicles' }).click();

    await expect(page).toHaveURL(/\/o\/demo\/bulk\/[0-9a-f-]{36}$/);
    const jobId = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { name: 'Send Lock doors to 10 vehicles' })).toBeVisible();
    await expect(page.getByTestId('bulk-counts')).toHaveText('8 done · 0 skipped · 2 failed · 0 waiting, of 10', { timeout: 45_000 });
    const outcomes = page.getByRole('region', { name: 'Outcomes' });
    for (const id of offline) {
      const row = outcomes.getByRole('row').filter({ hasText: id });
      await expect(row).toContainText('OEM_VEHICLE_OFFLINE');
      await expect(row).toContainText('Failed');
    }
    // Each executed vehicle shows its execution and the execution's own status.
    for (const id of chosen.slice(0, 8)) await expect(outcomes.getByRole('row').filter({ hasText: id })).toContainText('Executed');
    // The sandbox itself received one lock per vehicle.
    for (const id of chosen) expect(await sandboxExecutionCount(request, id, 'LOCK_DOORS')).toBe(1);

    // Audit: one entry for the job, one per vehicle touched.
    const created = (await (await request.get('/api/o/demo/audit?action=bulk.created&limit=100')).json()) as {
      events: { targetId: string }[];
    };
    expect(created.events.filter((e) => e.targetId === jobId)).toHaveLength(1);
    const perVehicle = (await (await request.get('/api/o/demo/audit?action=bulk.command&limit=100')).json()) as {
      events: { targetId: string; outcome: string; details: { jobId?: string } }[];
    };
    const mine = perVehicle.events.filter((e) => e.details?.jobId === jobId);
    expect(mine.map((e) => e.targetId).sort()).toEqual([...chosen].sort());
    expect(
      mine
        .filter((e) => e.outcome === 'failure')
        .map((e) => e.targetId)
        .sort(),
    ).toEqual([...offline].sort());
  } finally {
    for (const id of offline) await setSandboxVehicleOnline(request, id, true);
  }
});

test('a command with arguments to single rows chosen one by one; above 50 vehicles the count is typed back', async ({
  page,
  request,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  // Online, listening vehicles among the first 20 (the other bulk command tests take later ones).
  const tagged = (await commandableVehicles(request, 0, 20)).slice(0, 4);
  expect(tagged).toHaveLength(4);
  await tagVehicles(
    request,
    baseURL!,
    tagged.map((v) => v.id),
    { key: 'charge', value: run },
  );
  await page.goto(`/o/demo/vehicles?tagKey=charge&tagValue=${run}`);
  const table = page.getByRole('region', { name: 'Vehicles', exact: true });
  await expect(table.locator('tbody tr')).toHaveCount(4);
  const form = page.getByRole('form', { name: 'Bulk action' });
  // Two rows chosen, one by one: the header box reads as partly checked.
  const picked = tagged.slice(0, 2);
  for (const v of picked) await table.getByRole('checkbox', { name: `Select ${v.vin ?? v.id}` }).check();
  await expect(form.getByRole('radio', { name: 'Selected vehicles (2)' })).toBeChecked();
  expect(
    await table
      .getByRole('checkbox', { name: 'Select every vehicle on this page' })
      .evaluate((el) => (el as HTMLInputElement).indeterminate),
  ).toBe(true);

  await form.getByLabel('Action').selectOption('command');
  await form.getByLabel('Command', { exact: true }).selectOption('SET_CHARGE_LIMIT');
  // The argument is required and checked by the server's schema before anything is counted.
  await form.getByRole('button', { name: 'Review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter a charge limit');
  await form.getByLabel('Charge limit (%)').fill('80');
  await form.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Set charge limit (limit 80) to 2 vehicles?' });
  await dialog.getByRole('button', { name: 'Start: 2 vehicles' }).click();
  await expect(page).toHaveURL(/\/o\/demo\/bulk\/[0-9a-f-]{36}$/);
  const jobId = page.url().split('/').at(-1)!;
  await expect(page.getByTestId('bulk-counts')).toHaveText(/^2 done · 0 skipped · 0 failed · 0 waiting, of 2$/, { timeout: 45_000 });
  const job = (await (await request.get(`/api/o/demo/bulk/${jobId}`)).json()) as {
    job: { args: unknown };
    items: { vehicleId: string; execution: { state: string } | null }[];
  };
  expect(job.job.args).toEqual({ command: 'SET_CHARGE_LIMIT', args: { limit: 80 } });
  expect(job.items.map((i) => i.vehicleId).sort()).toEqual(picked.map((v) => v.id).sort());
  for (const item of job.items) expect(item.execution?.state).toBe('executed');

  // Every vehicle the (empty) filter matches: well above 50, so the count must be typed back.
  await page.goto('/o/demo/vehicles');
  await form.getByLabel('Every vehicle the filter matches').check();
  await form.getByLabel('Action').selectOption('command');
  await form.getByLabel('Command', { exact: true }).selectOption('UNLOCK_DOORS');
  await form.getByRole('button', { name: 'Review' }).click();
  const many = page.getByRole('dialog', { name: /^Send Unlock doors to \d+ vehicles\?$/ });
  await expect(many).toBeVisible();
  const count = Number((await many.getByRole('heading').textContent())!.match(/to (\d+) vehicles/)![1]);
  expect(count).toBeGreaterThan(50);
  // The warning a single unlock asks for, once for all of them.
  await expect(many).toContainText(
    `On each vehicle: Anyone near the vehicle will be able to open it. This one confirmation covers all ${count}.`,
  );
  const start = many.getByRole('button', { name: `Start: ${count} vehicles` });
  await expect(start).toBeDisabled();
  await many.getByLabel(`Type ${count} to confirm`).fill(String(count - 1));
  await expect(start).toBeDisabled();
  await many.getByLabel(`Type ${count} to confirm`).fill(String(count));
  await expect(start).toBeEnabled();
  await many.getByRole('button', { name: 'Cancel' }).click();
  await expect(many).toBeHidden();

  // The server holds to it too: above 50 vehicles a command job needs the count confirmed, and the count must still be right.
  const ids = Array.from({ length: 51 }, (_, i) => `veh_nope_${run}_${i}`);
  const body = { action: 'command', command: { command: 'FLASH_LIGHTS' }, selection: { mode: 'ids', vehicleIds: ids } };
  // A bulk command above 50 vehicles is a dangerous action: the session steps up first (e2e/security/step-up.spec.ts shows the refusal).
  await stepUp(request, baseURL!);
  const unconfirmed = await request.post('/api/o/demo/bulk', { headers: { Origin: baseURL! }, data: body });
  expect(unconfirmed.status()).toBe(409);
  expect(((await unconfirmed.json()) as { error: { message: string } }).error.message).toBe(
    'A command to 51 vehicles needs the count typed back in the confirmation.',
  );
  const miscounted = await request.post('/api/o/demo/bulk', { headers: { Origin: baseURL! }, data: { ...body, confirmedCount: 50 } });
  expect(miscounted.status()).toBe(409);
  expect(((await miscounted.json()) as { error: { message: string } }).error.message).toBe(
    'The selection now covers 51 vehicles, not the 50 confirmed: review it again.',
  );
});
