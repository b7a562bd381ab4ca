import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxExecutionCount, sandboxFixtures } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

type Listed = {
  id: string;
  isListening?: boolean | null;
  connectionStatus?: string | null;
  metadata?: { lastSeenAt?: string | null } | null;
};

test('lock 10 vehicles where 2 are offline: 8 executed, 2 failed with reasons, each sent once', async ({ page, request, baseURL }) => {
  const run = Math.random().toString(36).slice(2, 8);
  const fixtures = await sandboxFixtures(request);
  const special = new Set(Object.values(fixtures).filter((v): v is string => typeof v === 'string'));
  const listed = ((await (await request.get('/api/o/demo/vehicles?pageSize=100')).json()) as { items: Listed[] }).items
    .slice(20)
    .filter((v) => v.isListening !== false && v.connectionStatus === 'CONNECTED' && !special.has(v.id));
  const dayAgo = Date.now() - 24 * 3600_000;
  const offline = listed.filter((v) => Date.parse(v.metadata?.lastSeenAt ?? '') < dayAgo).slice(-2);
  const online = listed.filter((v) => Date.parse(v.metadata?.lastSeenAt ?? '') >= dayAgo).slice(-8);
  expect(offline).toHaveLength(2);
  expect(online).toHaveLength(8);
  const chosen = [...online, ...offline].map((v) => v.id);
  for (const id of chosen) {
    const tagged = await request.post(`/api/o/demo/vehicles/${id}/tags`, {
      headers: { Origin: baseURL! },
      data: { key: 'night', value: run },
    });
    expect(tagged.ok()).toBe(true);
  }

  await page.goto(`/o/demo/vehicles?tagKey=night&tagValue=${run}`);
  const form = page.getByRole('form', { name: 'Bulk action' });
  await form.getByLabel('Every vehicle the filter matches').check();
  await form.getByLabel('Action').selectOption('command');
  await form.getByLabel('Command', { exact: true }).selectOption('LOCK_DOORS');
  await form.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Lock doors to 10 vehicles?' });
  await dialog.getByRole('button', { name: 'Start: 10 vehicles' }).click();

  await expect(page).toHaveURL(/\/o\/demo\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('bulk-counts')).toHaveText('8 done · 0 skipped · 2 failed · 0 waiting, of 10', { timeout: 45_000 });
  const outcomes = page.getByRole('region', { name: 'Outcomes' });
  for (const v of offline) {
    await expect(outcomes.getByRole('row').filter({ hasText: v.id })).toContainText('OEM_VEHICLE_OFFLINE');
  }
  // The sandbox itself received one lock per vehicle.
  for (const id of chosen) expect(await sandboxExecutionCount(request, id, 'LOCK_DOORS')).toBe(1);
});
