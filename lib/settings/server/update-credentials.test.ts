import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicOrganization } from '@/lib/db/repos/organizations';

vi.stubEnv('NODE_ENV', 'production');
vi.stubEnv('VEHICLE_API_ALLOWED_HOSTS', 'api.vehicles.example, localhost, 169.254.169.254');
vi.stubEnv('VEHICLE_API_BASE_URL', '');

const saved = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('@/lib/db', () => ({ getDb: () => ({}) }));
vi.mock('@/lib/db/repos/organizations', () => ({
  updateOrganizationCredentials: async (_db: unknown, id: string, input: { apiBaseUrl: string | null; clientId: string }) => {
    saved.calls.push(input);
    return { id, apiBaseUrl: input.apiBaseUrl, clientId: input.clientId, updatedAt: new Date() };
  },
}));
vi.mock('@/lib/vehicle-api/upstream-host-policy', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/vehicle-api/upstream-host-policy')>();
  // No network here: api.vehicles.example answers a public address, everything else resolves for real.
  const fakeLookup = (async (host: string, options: object) =>
    host === 'api.vehicles.example'
      ? [{ address: '93.184.215.14', family: 4 }]
      : (await import('node:dns/promises')).lookup(host, options)) as never;
  return {
    ...original,
    resolvedAddressProblem: (host: string, allowLoopback: boolean) => original.resolvedAddressProblem(host, allowLoopback, fakeLookup),
  };
});

const { updateCredentials } = await import('./update-credentials');

const org = (apiBaseUrl: string | null) =>
  ({
    id: 'org-1',
    slug: 'acme',
    name: 'Acme',
    apiBaseUrl,
    clientId: 'c',
    createdAt: new Date(),
    updatedAt: new Date(),
  }) as PublicOrganization;
const fieldsOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const fields = (error as { body: { fields?: { path: string; message: string }[] } }).body.fields ?? [];
    const byPath: Record<string, string[]> = {};
    for (const field of fields) (byPath[field.path] ??= []).push(field.message);
    return byPath;
  }
  throw new Error('expected a refusal');
};

describe('update credentials', () => {
  beforeEach(() => {
    saved.calls = [];
  });

  it('refuses a base URL change without the secret re-entered, naming clientSecret', async () => {
    const fields = await fieldsOf(
      updateCredentials(org(null), { environment: 'custom', baseUrl: 'https://api.vehicles.example', clientId: 'c' }),
    );
    expect(fields).toEqual({ clientSecret: ['Enter the client secret again: it is required whenever the base URL changes'] });
    const back = await fieldsOf(
      updateCredentials(org('https://api.vehicles.example'), { environment: 'embedded', clientId: 'c', clientSecret: '' }),
    );
    expect(back).toHaveProperty('clientSecret');
    expect(saved.calls).toEqual([]);
  });

  it('keeps the stored secret when the base URL stays the same, however it is spelled', async () => {
    await updateCredentials(org('https://api.vehicles.example'), {
      environment: 'custom',
      baseUrl: 'https://API.vehicles.example/',
      clientId: 'c2',
    });
    expect(saved.calls).toEqual([{ apiBaseUrl: 'https://API.vehicles.example/', clientId: 'c2', clientSecret: undefined }]);
  });

  it('saves a listed public https host with a new secret', async () => {
    await updateCredentials(org(null), {
      environment: 'custom',
      baseUrl: 'https://api.vehicles.example',
      clientId: 'c',
      clientSecret: 'new-secret',
    });
    expect(saved.calls).toHaveLength(1);
  });

  it.each([
    ['http://169.254.169.254', 'The base URL must use https'],
    ['https://169.254.169.254', 'The base URL must not point at a private, loopback or link-local address'],
    ['http://127.0.0.2:9', 'The base URL must use https'],
    ['https://evil.example', 'The host evil.example is not allowed here; allowed: api.vehicles.example, localhost, 169.254.169.254'],
    ['https://localhost', 'The host localhost resolves to a private, loopback or link-local address'],
  ])('refuses %s with a message on baseUrl, even with a new secret', async (baseUrl, message) => {
    const fields = await fieldsOf(
      updateCredentials(org(null), { environment: 'custom', baseUrl, clientId: 'c', clientSecret: 'new-secret' }),
    );
    expect(fields?.baseUrl?.[0]?.startsWith(message), fields?.baseUrl?.[0]).toBe(true);
    expect(saved.calls).toEqual([]);
  });
});
