import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('manager') });

type JobBody = {
  job: { status: string; counts: Record<string, number> };
  items: { vehicleId: string; outcome: string; reason: string | null; requestId: string | null }[];
};

/**
 * Why a bulk job's vehicles are not all done, so that a failure explains itself: the job's status
 * and counts, each row not done as the API shows it (waiting, or failed or skipped with its reason),
 * and what the console answers now to a forced read of the first vehicle still waiting. While the
 * organization's upstream calls are paused (the breaker, lib/vehicle-api/breaker.ts), that read is
 * a 503 naming why (failures in a row, or the upstream asked to wait) and until when.
 */
async function notDone(request: APIRequestContext, jobId: string): Promise<string> {
  const response = await request.get(`/api/o/demo/bulk/${jobId}`);
  if (!response.ok()) return `the job could not be read: HTTP ${response.status()} ${await response.text()}`;
  const { job, items } = (await response.json()) as JobBody;
  const open = items.filter((item) => item.outcome !== 'done');
  const lines = [`job ${jobId} is ${job.status}, counts ${JSON.stringify(job.counts)}; the vehicles not done:`];
  for (const item of open) {
    lines.push(
      `  ${item.vehicleId}: ${item.outcome === 'pending' ? 'waiting' : item.outcome}${item.reason ? `, ${item.reason}` : ''}${item.requestId ? `, request ${item.requestId}` : ''}`,
    );
  }
  const first = open.find((item) => item.outcome === 'pending');
  if (first) {
    const read = await request.get(`/api/o/demo/vehicles/${first.vehicleId}/telemetry`, { headers: { 'Cache-Control': 'no-cache' } });
    lines.push(`a forced read of ${first.vehicleId} now: HTTP ${read.status()}${read.ok() ? '' : ` ${await read.text()}`}`);
  }
  return lines.join('\n');
}

test('tag 30 vehicles matching a filter in one action and see 30 outcomes', async ({ page, request, baseURL }) => {
  // Room, past the 60 s the outcomes get, for the report of what is not done should they not all come.
  test.setTimeout(150_000);
  const run = Math.random().toString(36).slice(2, 8);
  const listed = (await (await request.get('/api/o/demo/vehicles?pageSize=100')).json()) as { items: { id: string }[] };
  const chosen = listed.items.slice(50, 80).map((v) => v.id);
  expect(chosen).toHaveLength(30);
  // The filter: a tag only these 30 vehicles carry.
  for (const id of chosen) {
    const tagged = await request.post(`/api/o/demo/vehicles/${id}/tags`, {
      headers: { Origin: baseURL! },
      data: { key: 'batch', value: run },
    });
    expect(tagged.ok()).toBe(true);
  }

  await page.goto(`/o/demo/vehicles?tagKey=batch&tagValue=${run}`);
  // The page holds 20 of the 30: the whole page selected offers every vehicle the filter matches.
  await page
    .getByRole('region', { name: 'Vehicles', exact: true })
    .getByRole('checkbox', { name: 'Select every vehicle on this page' })
    .check();
  const bar = page.getByRole('region', { name: 'Selected vehicles' });
  await expect(bar.getByTestId('selection-count')).toHaveText('20 selected');
  await bar.getByRole('button', { name: 'Select every vehicle the filter matches (30)' }).click();
  await expect(bar.getByTestId('selection-count')).toHaveText('All 30 vehicles the filter matches');
  const form = bar.getByRole('form', { name: 'Bulk action' });
  await form.getByLabel('Action').selectOption('tag.add');
  await form.getByLabel('Key of the tag').fill('depot');
  await form.getByLabel('Value of the tag').fill(`north-${run}`);
  await form.getByRole('button', { name: 'Review' }).click();

  const dialog = page.getByRole('dialog', { name: `Add the tag depot: north-${run} to 30 vehicles?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Start: 30 vehicles' }).click();

  await expect(page).toHaveURL(/\/o\/demo\/bulk\/[0-9a-f-]{36}$/);
  const jobId = page.url().split('/').at(-1)!;
  // No spec pauses the shared demo organization's upstream calls on purpose any more (their faults
  // are bound to their own requests; any that pauses an organization runs on northwind or a console of
  // its own). Calls that time out on a loaded machine still count towards the breaker's 30 s pause
  // (lib/vehicle-api/breaker.ts), and what held one vehicle back in an earlier run was never proven,
  // so the wait stays past that pause. Should some outcomes not come, the failure names the vehicles
  // still waiting and what the console answers for them now.
  try {
    await expect(page.getByTestId('bulk-counts')).toHaveText('30 done · 0 skipped · 0 failed · 0 waiting, of 30', { timeout: 60_000 });
  } catch (error) {
    const report = await notDone(request, jobId).catch((cause: unknown) => `the job could not be read: ${String(cause)}`);
    throw new Error(`${(error as Error).message}\n\nNot done:\n${report}`, { cause: error });
  }
  await expect(page.getByRole('progressbar', { name: 'Progress of the bulk job' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible();
  const outcomes = page.getByRole('region', { name: 'Outcomes' }).getByRole('row');
  await expect(outcomes).toHaveCount(31);

  // The upstream carries the new tag on exactly those 30 vehicles.
  const tagged = (await (await request.get(`/api/o/demo/vehicles?pageSize=100&tagKey=depot&tagValue=north-${run}`)).json()) as {
    items: { id: string }[];
  };
  expect(tagged.items.map((v) => v.id).sort()).toEqual([...chosen].sort());

  // Every outcome as CSV, and one audit entry per vehicle besides the job's own.
  const csv = await (await request.get(`/api/o/demo/bulk/${jobId}/export`)).text();
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('vehicle_id,outcome,reason,upstream_request_id,execution_id,finished_at');
  expect(lines.slice(1).filter((l) => l.split(',')[1] === 'done')).toHaveLength(30);
  const audit = (await (await request.get('/api/o/demo/audit?action=bulk.tag.add&limit=100')).json()) as {
    events: { targetId: string; details: { jobId?: string } }[];
  };
  expect(
    audit.events
      .filter((e) => e.details?.jobId === jobId)
      .map((e) => e.targetId)
      .sort(),
  ).toEqual([...chosen].sort());
});
