import { expect, test } from '../fixtures/test';
import { sandboxFixtures } from '../fixtures/sandbox';

test('the sandbox answers under /sandbox with a request id on every response', async ({ request }) => {
  const response = await request.get('/sandbox/v1/vehicles');
  expect(response.status()).toBe(401);
  expect(response.headers()['x-request-id']).toBeTruthy();
  expect((await response.json()).error).toBe('AUTHENTICATION_ERROR');
});

test('the sandbox admin API is closed without the token, so credentials never leak', async ({ request }) => {
  const response = await request.get('/sandbox/_admin/organizations');
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('clientSecret');
  expect((await request.post('/sandbox/_admin/reset')).status()).toBe(404);
});

test('with the token the tests can read the sandbox fixtures', async ({ request }) => {
  const fixtures = await sandboxFixtures(request);
  expect(fixtures.offlineVehicleId).toMatch(/\S/);
});
