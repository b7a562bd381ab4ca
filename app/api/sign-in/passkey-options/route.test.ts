import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { PEER_ADDRESS_HEADER } from '@/lib/auth/server/client-address';
import { useProcessTestDatabase } from '@/lib/bff/process-database.test-support';
const PASSKEY_SIGN_IN_OPTIONS_PER_CLIENT = { limit: 30, windowMs: 300000 };

vi.stubEnv('APP_URL', 'http://localhost:3000');
vi.stubEnv('TRUST_PROXY_HOPS', '0');
vi.mock('@/lib/auth/session', () => ({ getSessionUser: async () => null, getSessionClaims: async () => null }));
// Each challenge would be a row of webauthn_challenges: counted here instead of stored.
const stored = vi.hoisted(() => ({ challenges: 0 }));
vi.mock('@/lib/auth/server/passkeys', () => ({
  passkeySignInOptions: async () => ({ challenge: `challenge-${++stored.challenges}`, rpId: 'localhost' }),
}));

const { POST } = await import('./route');

/** As the server sees it: the peer address stamped from the socket, and whatever headers the client sent. */
const ask = (peer: string, headers: Record<string, string> = {}) =>
  POST(
    new NextRequest('http://localhost:3000/api/sign-in/passkey-options', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', [PEER_ADDRESS_HEADER]: peer, ...headers },
      body: '{}',
    }),
  );

describe('POST /api/sign-in/passkey-options', () => {
  const { limit } = PASSKEY_SIGN_IN_OPTIONS_PER_CLIENT;
  // The limit's windows live in the database (shared by instances on PostgreSQL).
  useProcessTestDatabase();

  it('hands out a limited number of challenges per client address, then answers 429 with Retry-After', async () => {
    const before = stored.challenges;
    for (let i = 0; i < limit; i++) expect((await ask('198.51.100.7')).status).toBe(200);
    const refused = await ask('198.51.100.7');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(PASSKEY_SIGN_IN_OPTIONS_PER_CLIENT.windowMs / 1000);
    expect(stored.challenges - before).toBe(limit);
    // Another client is not held up by the first one's flood.
    expect((await ask('198.51.100.8')).status).toBe(200);
  });

  it('is not bypassed by a forged X-Forwarded-For (no trusted proxy), nor by another address of the same IPv6 /64', async () => {
    for (let i = 0; i < limit; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `192.0.2.${i}` };
      expect((await ask('2001:db8:7:7::1', forged)).status).toBe(200);
    }
    expect((await ask('2001:db8:7:7::1', { 'x-forwarded-for': '203.0.113.250' })).status).toBe(429);
    expect((await ask('2001:db8:7:7:ffff::2')).status).toBe(429);
    expect((await ask('2001:db8:7:8::1')).status).toBe(200);
  });
});
