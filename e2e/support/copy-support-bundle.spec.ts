import { expect, test } from '../fixtures/test';
import { apiAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { injectSandboxFault, removeSandboxFault } from '../fixtures/sandbox';
import { SANDBOX_ADMIN_TOKEN } from '../fixtures/sandbox-token';
import { dataApi, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('support'), permissions: ['clipboard-read', 'clipboard-write'] });

test('support copies a vehicle’s bundle: request ids of commands, errors and fresh reads, and no secret or cookie', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  // A vehicle far down the demo list, so no other spec's commands share it.
  const listed = (await (await request.get('/api/o/demo/vehicles?pageSize=100')).json()) as { items: { id: string }[] };
  const vehicleId = listed.items[41]!.id;

  // A manager's command gives the vehicle a history with an upstream request id.
  const manager = await apiAs(baseURL!, 'manager');
  const sent = await manager.post(`/api/o/demo/vehicles/${vehicleId}/commands`, {
    data: { command: 'SET_CHARGE_LIMIT', args: { limit: 75 } },
  });
  expect(sent.ok()).toBe(true);
  const { execution } = (await sent.json()) as { execution: { id: string; upstreamRequestId: string } };
  expect(execution.upstreamRequestId).toBeTruthy();
  await manager.dispose();

  // An upstream error on one of the vehicle's reads is kept with its request id. A 404 (not a failure
  // to the breaker) on this vehicle's read only; taken back alone, the faults of other specs stay.
  const fault = await injectSandboxFault(request, {
    kind: 'not_found',
    method: 'GET',
    path: `/v1/vehicles/${vehicleId}/specifications`,
    times: 1,
  });
  const refused = await request.get(dataApi(vehicleId, 'specifications')).finally(() => removeSandboxFault(request, fault));
  expect(refused.ok()).toBe(false);
  const errorRequestId = ((await refused.json()) as { error: { upstreamRequestId: string } }).error.upstreamRequestId;
  expect(errorRequestId).toBeTruthy();

  await page.goto(vehicleUrl(vehicleId));
  await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  const bundleRead = page.waitForResponse((r) => r.url().endsWith(`/vehicles/${vehicleId}/support-bundle`));
  await page.getByRole('button', { name: 'Copy support bundle', exact: true }).click();
  expect((await bundleRead).status()).toBe(200);
  await expect(page.getByText('Support bundle copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const bundle = JSON.parse(copied);

  expect(bundle.kind).toBe('motorpool-support-bundle');
  expect(bundle.vehicleId).toBe(vehicleId);
  expect(bundle.accountId).toBeTruthy();
  expect(bundle.vehicle.requestId).toBeTruthy();
  expect(bundle.telemetry.requestId).toBeTruthy();
  expect(bundle.rateLimits.requestId).toBeTruthy();
  expect(bundle.commands[0]).toMatchObject({ id: execution.id, upstreamRequestId: execution.upstreamRequestId });
  expect(bundle.upstreamErrors).toContainEqual(expect.objectContaining({ requestId: errorRequestId, code: 'ENDPOINT_NOT_FOUND' }));
  expect(copied).toContain(execution.upstreamRequestId);
  expect(copied).toContain(errorRequestId);

  // Nothing secret: the organization's client secret and the session cookie are nowhere in it.
  const admin = await request.get('/sandbox/_admin/organizations', { headers: { 'x-sandbox-admin-token': SANDBOX_ADMIN_TOKEN } });
  const { clientSecret } = ((await admin.json()) as { organizations: { clientSecret: string }[] }).organizations[0]!;
  expect(clientSecret.length).toBeGreaterThan(8);
  expect(copied).not.toContain(clientSecret);
  const session = (await context.cookies()).find((c) => c.name.includes('session-token'));
  expect(session?.value.length).toBeGreaterThan(20);
  expect(copied).not.toContain(session!.value);
  expect(copied).not.toContain('support@demo.test');

  // The same bundle from the command execution in the vehicle's history, with that execution named.
  const executionBundle = page.waitForResponse((r) => r.url().endsWith(`/commands/${execution.id}/support-bundle`));
  await page.getByRole('button', { name: `Copy support bundle of execution ${execution.id}` }).click();
  expect((await executionBundle).status()).toBe(200);
  // The clipboard still holds the vehicle's bundle until the page has written this one.
  const readClipboard = async () => JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  await expect.poll(async () => (await readClipboard()).execution?.id).toBe(execution.id);
  const fromExecution = await readClipboard();
  expect(fromExecution.execution).toMatchObject({ id: execution.id, upstreamRequestId: execution.upstreamRequestId });
  expect(JSON.stringify(fromExecution)).not.toContain(clientSecret);
});
