import { describe, expect, it } from 'vitest';
import { appUrl, env } from '@/lib/env';
import { getEmbeddedSandbox } from './index';

describe('the embedded sandbox', () => {
  it('is one instance per process, mounted at /sandbox, with consent links on the app URL', async () => {
    const sandbox = getEmbeddedSandbox();
    expect(getEmbeddedSandbox()).toBe(sandbox);
    const org = sandbox.organizations[0];
    expect(org.name).toBe('Demo Fleet');
    const origin = 'http://localhost:3000';
    const tokenResponse = await sandbox.fetch(`${origin}/sandbox/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${org.clientId}:${org.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const token = await tokenResponse.json();
    expect(token.expires_in).toBe(env().SANDBOX_TOKEN_TTL_SECONDS);
    const link = await sandbox.fetch(`${origin}/sandbox/v1/accounts:connect`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ returnUrl: `${appUrl()}/connect/return`, scopes: ['vehicle:all'] }),
    });
    expect((await link.json()).authenticationUrl.startsWith(`${appUrl()}/sandbox/consent/`)).toBe(true);
    expect((await sandbox.fetch(`${origin}/v1/vehicles`)).status).toBe(404);
  });
});
