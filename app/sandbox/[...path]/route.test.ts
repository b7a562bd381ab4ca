import { describe, expect, it } from 'vitest';
import { GET, POST } from './route';

/**
 * Issue 12, item 1: the admin API of the embedded sandbox answers 404 without the token however
 * its path is spelled. The guard must decide on the path the sandbox's router will route.
 * (No SANDBOX_ADMIN_TOKEN in the unit-test environment: every admin path must be 404.)
 */
const origin = 'http://localhost:3000';
const spellings = [
  '/sandbox/_admin/organizations',
  '/sandbox/%5Fadmin/organizations',
  '/sandbox/%5fadmin/organizations',
  '/sandbox//_admin/organizations',
  '/sandbox/%2F_admin/organizations',
  '/sandbox/%5Fadmin%2Forganizations',
  '/sandbox/./_admin/organizations',
  '/sandbox/%2E/_admin/organizations',
  '/sandbox/v1/../_admin/organizations',
  '/sandbox/v1/%2E%2E/_admin/organizations',
  '/sandbox/v1%2F..%2F_admin/organizations',
  '/sandbox/v1%2F%2E%2E%2F%5Fadmin%2Forganizations',
  '/sandbox/%5FADMIN/organizations',
  '/sandbox/_Admin/organizations',
];

describe('the sandbox admin guard', () => {
  it.each(spellings)('answers 404 to GET %s without the token', async (path) => {
    const response = await GET(new Request(`${origin}${path}`));
    const text = await response.text();
    expect(response.status).toBe(404);
    expect(text).not.toContain('clientSecret');
  });

  it('answers 404 to an encoded fault injection without the token', async () => {
    const response = await POST(
      new Request(`${origin}/sandbox/%5Fadmin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'latency', latencyMs: 60_000 }),
      }),
    );
    expect(response.status).toBe(404);
  });

  it('still serves the public sandbox routes', async () => {
    const response = await POST(new Request(`${origin}/sandbox/v1/oauth2/token`, { method: 'POST' }));
    expect(response.status).not.toBe(404);
  });
});
