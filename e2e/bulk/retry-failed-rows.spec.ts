import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { commandableVehicles } from '../fixtures/fleet';
import { sandboxExecutionCount, setSandboxVehicleOnline } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

type JobBody = { job: { id: string; total: number; selection: { retryOf?: string } }; items: { vehicleId: string; outcome: string }[] };

test('past bulk jobs are listed from the sidebar, and “Retry the failed rows” starts a new job over exactly those vehicles', async ({
  page,
  request,
}) => {
  // The bulk runner's first pass on a freshly started server can take a minute under load.
  test.setTimeout(300_000);
  // Six commandable vehicles no other bulk spec takes; two drop off the network in the sandbox.
  const chosen = (await commandableVehicles(request, 55, 75)).slice(0, 6).map((v) => v.id);
  expect(chosen).toHaveLength(6);
  const offline = [chosen[1]!, chosen[4]!];
  for (const id of offline) await setSandboxVehicleOnline(request, id, false);
  let firstId: string;
  try {
    await page.goto('/o/demo');
    const started = await page.request.post('/api/o/demo/bulk', {
      headers: { Origin: new URL(page.url()).origin },
      data: { action: 'command', command: { command: 'LOCK_DOORS' }, selection: { mode: 'ids', vehicleIds: chosen } },
    });
    expect(started.status(), await started.text()).toBe(200);
    firstId = ((await started.json()) as JobBody).job.id;

    await page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'Bulk jobs' }).click();
    await expect(page).toHaveURL(/\/o\/demo\/bulk$/);
    const list = page.getByRole('region', { name: 'Bulk jobs' });
    const row = list.getByRole('row').filter({ has: page.locator(`a[href="/o/demo/bulk/${firstId}"]`) });
    await expect(row).toContainText('Send Lock doors to 6 vehicles');
    await expect(row).toContainText('manager@demo.test');
    await expect(row.getByTestId('bulk-job-counts')).toHaveText('4 done · 2 failed · 0 skipped', { timeout: 150_000 });
    await expect(row).toContainText('Done');
    // The list kit's filter bar: a status that no finished job has hides it.
    await page.goto('/o/demo/bulk?status=paused');
    await expect(list.getByRole('row').filter({ has: page.locator(`a[href="/o/demo/bulk/${firstId}"]`) })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Remove the filter: Status/ })).toBeVisible();
    await page.goto('/o/demo/bulk');
    await row.getByRole('link', { name: 'Send Lock doors to 6 vehicles' }).click();
  } finally {
    // Back on the network: the retry reaches them.
    for (const id of offline) await setSandboxVehicleOnline(request, id, true);
  }

  await expect(page).toHaveURL(new RegExp(`/o/demo/bulk/${firstId}$`));
  await page.getByRole('button', { name: 'Retry the failed rows (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry 2 failed vehicles?' });
  await dialog.getByRole('button', { name: 'Start: 2 vehicles' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/o/demo/bulk/${firstId}$`));
  await expect(page).toHaveURL(/\/o\/demo\/bulk\/[0-9a-f-]{36}$/);
  const retryId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: 'Send Lock doors to 2 vehicles' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'an earlier job' })).toHaveAttribute('href', `/o/demo/bulk/${firstId}`);
  await expect(page.getByTestId('bulk-counts')).toHaveText('2 done · 0 skipped · 0 failed · 0 waiting, of 2', { timeout: 45_000 });

  // Exactly the failed vehicles, and the same command: each offline vehicle received its lock twice
  // (the failed one and the retry, under a new idempotency key), the others once.
  const retry = (await (await page.request.get(`/api/o/demo/bulk/${retryId}`)).json()) as JobBody;
  expect(retry.items.map((i) => i.vehicleId).sort()).toEqual([...offline].sort());
  expect(retry.job.selection.retryOf).toBe(firstId);
  for (const id of chosen) expect(await sandboxExecutionCount(request, id, 'LOCK_DOORS')).toBe(offline.includes(id) ? 2 : 1);

  await page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'Bulk jobs' }).click();
  const retryRow = page
    .getByRole('region', { name: 'Bulk jobs' })
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/o/demo/bulk/${retryId}"]`) });
  await expect(retryRow).toContainText('Retry of failed rows');
  await expect(retryRow.getByTestId('bulk-job-counts')).toHaveText('2 done · 0 failed · 0 skipped');
});
