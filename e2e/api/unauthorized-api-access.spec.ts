import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { OWN_MUTATIONS, concreteUrl, listOrgApiRoutes } from '../fixtures/routes';
import { storageStateOf, type DemoRole } from '../fixtures/roles';

/**
 * Every `/api/o/{org}/…` route, found on disk, is called without a session, for an organization
 * the user is not a member of, and as `support` for every mutation.
 */
const routes = listOrgApiRoutes();
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const calls = routes.flatMap((route) => route.methods.map((method) => ({ method, path: route.path })));

async function contextFor(baseURL: string, role?: DemoRole): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    storageState: role ? storageStateOf(role) : undefined,
    extraHTTPHeaders: { Origin: baseURL },
  });
}

async function call(context: APIRequestContext, method: string, url: string) {
  return context.fetch(url, { method, data: MUTATIONS.has(method) ? {} : undefined, headers: { 'Content-Type': 'application/json' } });
}

test('the route list is not empty and covers every exported method', () => {
  expect(routes.length).toBeGreaterThan(5);
  for (const route of routes) expect(route.methods.length, route.path).toBeGreaterThan(0);
});

test('every API route answers 401 without a session', async ({ baseURL }) => {
  const anonymous = await contextFor(baseURL!);
  for (const { method, path } of calls) {
    const response = await call(anonymous, method, concreteUrl(path, 'demo'));
    expect(response.status(), `${method} ${path}`).toBe(401);
    expect((await response.json()).error.code, `${method} ${path}`).toBe('UNAUTHENTICATED');
  }
  await anonymous.dispose();
});

test('every API route answers 404 for an organization the user is not a member of', async ({ baseURL }) => {
  const manager = await contextFor(baseURL!, 'manager');
  for (const org of ['northwind', 'no-such-org']) {
    for (const { method, path } of calls) {
      const response = await call(manager, method, concreteUrl(path, org));
      expect(response.status(), `${method} ${path} for ${org}`).toBe(404);
    }
  }
  await manager.dispose();
});

test('support gets 403 on every mutation but those on their own inbox, which check the request instead', async ({ baseURL }) => {
  const support = await contextFor(baseURL!, 'support');
  const mutations = calls.filter((c) => MUTATIONS.has(c.method));
  expect(mutations.length).toBeGreaterThan(0);
  for (const { method, path } of mutations) {
    const response = await call(support, method, concreteUrl(path, 'demo'));
    const own = OWN_MUTATIONS.has(`${method} ${path}`);
    expect(response.status(), `${method} ${path}`).toBe(own ? 400 : 403);
    expect((await response.json()).error.code, `${method} ${path}`).toBe(own ? 'VALIDATION_FAILED' : 'FORBIDDEN');
  }
  await support.dispose();
});

test('a mutation from another origin is refused even with a session', async ({ baseURL }) => {
  const manager = await playwrightRequest.newContext({
    baseURL,
    storageState: storageStateOf('admin'),
    extraHTTPHeaders: { Origin: 'https://evil.example' },
  });
  const response = await manager.put('/api/o/demo/settings/credentials', { data: { environment: 'embedded', clientId: 'x' } });
  expect(response.status()).toBe(403);
  expect((await response.json()).error.code).toBe('CROSS_ORIGIN');
  await manager.dispose();
});
