import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { fixtureVehicleIds } from '../fixtures/fleet';
import { sandboxFixtures } from '../fixtures/sandbox';
import { section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager') });

type Alerts = { alerts: { id: string; title: string; status: string | null; muted: boolean; steps: { key: string; text: string }[] }[] };

/** A vehicle no other spec touches with an active, unmuted alert of two steps or more, read from the end of the first 100. */
async function vehicleWithSteps(request: APIRequestContext) {
  const fixtures = fixtureVehicleIds(await sandboxFixtures(request));
  const list = (await (await request.get('/api/o/demo/vehicles?pageSize=100')).json()) as { items: { id: string }[] };
  for (const { id } of list.items.reverse()) {
    if (fixtures.has(id)) continue;
    const { alerts } = (await (await request.get(`/api/o/demo/vehicles/${id}/alerts`)).json()) as Alerts;
    const alert = alerts.find((a) => a.status === 'ACTIVE' && !a.muted && a.steps.length >= 2);
    if (alert && alerts.filter((a) => a.title === alert.title).length === 1) return { id, alert };
  }
  throw new Error('no vehicle with an active alert of two steps');
}

test('a resolution step ticked in one member’s browser shows, with who ticked it, in another member’s; support reads and cannot tick', async ({
  page,
  browser,
}) => {
  const { id, alert } = await vehicleWithSteps(page.request);
  const stepText = alert.steps[0]!.text;
  await page.goto(vehicleUrl(id, 'alerts'));
  const item = section(page, 'Platform alerts').getByRole('listitem', { name: alert.title });
  const step = item.getByRole('checkbox', { name: stepText });
  await expect(step).not.toBeChecked();
  // A controlled checkbox changes once the server has answered: click, then wait for the state.
  await step.click();
  await expect(step).toBeChecked();
  await expect(item.getByTestId('alert-step-tick')).toHaveText(/^Ticked by manager@demo\.test, /);
  await expect(item.getByRole('group', { name: new RegExp(`Resolution steps: 1 of ${alert.steps.length} done`) })).toBeVisible();

  // Another member, another browser (no shared storage): the tick is there, named.
  const other = await browser.newContext({ storageState: storageStateOf('support') });
  try {
    const supportPage = await other.newPage();
    await supportPage.goto(vehicleUrl(id, 'alerts'));
    const seen = section(supportPage, 'Platform alerts').getByRole('listitem', { name: alert.title });
    await expect(seen.getByRole('checkbox', { name: stepText })).toBeChecked();
    await expect(seen.getByTestId('alert-step-tick')).toHaveText(/^Ticked by manager@demo\.test, /);
    // Support reads the ticks and changes none.
    await expect(seen.getByRole('checkbox', { name: alert.steps[1]!.text })).toBeDisabled();
    const refused = await supportPage.request.post('/api/o/demo/alerts/steps', {
      headers: { Origin: new URL(supportPage.url()).origin },
      data: { vehicleId: id, alertId: alert.id, step: alert.steps[1]!.key, done: true },
    });
    expect(refused.status()).toBe(403);

    // Unticked by the manager: gone for the other member too.
    await step.click();
    await expect(step).not.toBeChecked();
    await expect(item.getByTestId('alert-step-tick')).toHaveCount(0);
    await supportPage.reload();
    await expect(
      section(supportPage, 'Platform alerts').getByRole('listitem', { name: alert.title }).getByRole('checkbox', { name: stepText }),
    ).not.toBeChecked();
  } finally {
    await other.close();
  }
  await step.click();
  await expect(step).toBeChecked();
  await expect(item.getByTestId('alert-step-tick')).toBeVisible();
});
