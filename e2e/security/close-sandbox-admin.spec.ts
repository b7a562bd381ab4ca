import http from 'node:http';
import { expect, test } from '../fixtures/test';
import { SANDBOX_ADMIN_TOKEN } from '../fixtures/sandbox-token';

/**
 * Issue 12, item 1: the embedded sandbox's admin API (every client secret, fault injection) is
 * closed without the token however the path is spelled. Requests go out byte for byte over raw
 * HTTP (a browser or fetch would normalize the path first); redirects are followed by hand.
 */
const SPELLINGS = [
  '/sandbox/_admin/organizations',
  '/sandbox/%5Fadmin/organizations',
  '/sandbox/%5fadmin/organizations',
  '/sandbox//_admin/organizations',
  '/sandbox/%2F_admin/organizations',
  '/sandbox/%5Fadmin%2Forganizations',
  '/sandbox/%5Fadmin%2forganizations',
  '/sandbox/./_admin/organizations',
  '/sandbox/%2e/%5Fadmin/organizations',
  '/sandbox/v1/../_admin/organizations',
  '/sandbox/v1/%2e%2e/%5Fadmin/organizations',
  '/sandbox/v1%2F..%2F_admin/organizations',
  '/sandbox/v1%2F%2E%2E%2F%5Fadmin%2Forganizations',
  '/sandbox/%5FADMIN/organizations',
  '/sandbox/_Admin/Organizations',
];

type Raw = { status: number; body: string; location?: string };

/**
 * The fault the injection attempts carry. Should one get through, it stalls one path no client asks
 * (never every sandbox call of the specs running beside this one), and only once.
 */
const PROBE_FAULT = { kind: 'latency', latencyMs: 60_000, method: 'GET', path: '/v1/close-sandbox-admin-probe', times: 1 };

/** The id an injection that got through answers (`{id, injected}`); undefined for any other body. */
function injectedFaultId(body: string): string | undefined {
  try {
    const { id } = JSON.parse(body) as { id?: unknown };
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

function raw(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, location: response.headers.location }));
    });
    request.on('error', reject);
    request.end(method === 'POST' ? JSON.stringify(PROBE_FAULT) : undefined);
  });
}

/** Where the path finally lands, following the server's own redirects (at most five). */
async function land(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw & { path: string }> {
  let current = path;
  for (let hop = 0; hop < 5; hop++) {
    const response = await raw(port, method, current, headers);
    if (response.status < 300 || response.status >= 400 || !response.location) return { ...response, path: current };
    const next = new URL(response.location, `http://127.0.0.1:${port}`);
    expect(next.port, `redirect of ${path} stays on the console`).toBe(String(port));
    current = `${next.pathname}${next.search}`;
  }
  throw new Error(`too many redirects for ${path}`);
}

test.describe('the sandbox admin API without the token', () => {
  for (const path of SPELLINGS) {
    test(`GET ${path} is 404 and leaks no secret`, async ({ baseURL }) => {
      const port = Number(new URL(baseURL!).port);
      const landed = await land(port, 'GET', path);
      expect(landed.status, `${path} landed on ${landed.path}`).toBe(404);
      expect(landed.body).not.toContain('clientSecret');
    });
  }

  test('an encoded fault injection is 404 and injects nothing', async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    const injected: string[] = [];
    try {
      for (const path of ['/sandbox/%5Fadmin/faults', '/sandbox/%5fadmin%2Ffaults', '/sandbox/v1/%2e%2e/%5Fadmin/faults']) {
        const landed = await land(port, 'POST', path, { 'content-type': 'application/json' });
        const id = injectedFaultId(landed.body);
        if (id) injected.push(id);
        expect(landed.status, path).toBe(404);
        expect(landed.body).not.toContain('injected');
      }
    } finally {
      // Had one got through, take back that one with the token: clearing every fault would also
      // clear those the specs running beside this one just injected.
      for (const id of injected)
        await raw(port, 'DELETE', `/sandbox/_admin/faults/${id}`, { 'x-sandbox-admin-token': SANDBOX_ADMIN_TOKEN });
    }
  });

  test('with the token, the same encoded path is served (the test can tell open from closed)', async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    const landed = await land(port, 'GET', '/sandbox/%5Fadmin/organizations', { 'x-sandbox-admin-token': SANDBOX_ADMIN_TOKEN });
    expect(landed.status).toBe(200);
    expect(landed.body).toContain('clientSecret');
  });
});
