import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents } from '@/lib/db/schema';
import { openPostgres, type Db, type DbHandle } from '@/lib/db';
import { revokeApiCredential } from '@/lib/db/repos/api-credentials';
import { ensureMembership, removeMember } from '@/lib/db/repos/memberships';
import { createUser } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { captureLog } from '@/lib/ops/capture-log.test-support';
import { bearerRequest, seedCredential, seedOrganization } from './bearer-access.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0031');
vi.stubEnv('APP_URL', 'http://console.test');
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const state = vi.hoisted(() => ({ db: undefined as unknown, accessGeneration: undefined as (() => number) | undefined }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  // PGlite's handle has an access generation: the credential is cached and its bucket in memory.
  getDbHandle: () => ({ db: state.db, accessGeneration: state.accessGeneration }),
}));

const { withOrg } = await import('./with-org');
const { addressAllowed } = await import('./bearer-access');

const listVehicles = withOrg(async () => ({ vehicles: [] }), { permission: 'vehicles.read' });
const sendCommand = withOrg(async () => ({ executionId: 'e1' }), {
  permission: 'commands.send',
  audit: { action: 'commands.sent', target: () => ({ type: 'vehicle', id: 'v1' }) },
});
const listMembers = withOrg(async () => ({ members: [] }), { permission: 'members.read' });
const context = (org: string) => ({ params: Promise.resolve({ org }) });
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

describe('which addresses a credential allows', () => {
  it('matches single addresses and CIDR blocks of either family, and an empty list allows any', () => {
    expect(addressAllowed([], '198.51.100.1')).toBe(true);
    expect(addressAllowed(['203.0.113.0/24'], '203.0.113.77')).toBe(true);
    expect(addressAllowed(['203.0.113.0/24'], '203.0.114.1')).toBe(false);
    expect(addressAllowed(['198.51.100.7'], '198.51.100.7')).toBe(true);
    expect(addressAllowed(['198.51.100.7'], '198.51.100.8')).toBe(false);
    expect(addressAllowed(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(addressAllowed(['2001:db8::/32'], '2001:db9::5')).toBe(false);
    expect(addressAllowed(['203.0.113.0/24'], null)).toBe(false);
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`bearer credentials through withOrg on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    beforeAll(() => {
      state.db = t.db;
      state.accessGeneration = t.database.accessGeneration;
    });
    const url = (slug: string, path = 'vehicles') => `http://console.test/api/o/${slug}/${path}`;

    it('lets a read-only credential list and refuses it a command with API_CREDENTIAL_SCOPE, and the member routes', async () => {
      const owner = await seedOrganization(t.db, 'reader');
      const { secret } = await seedCredential(t.db, owner, { scope: 'read' });
      expect((await listVehicles(bearerRequest(url('reader'), secret), context('reader'))).status).toBe(200);
      const refused = await sendCommand(
        bearerRequest(url('reader', 'vehicles/v1/commands'), secret, { method: 'POST' }),
        context('reader'),
      );
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).code).toBe('API_CREDENTIAL_SCOPE');
      const members = await listMembers(bearerRequest(url('reader', 'members'), secret), context('reader'));
      expect([members.status, (await errorOf(members)).code]).toEqual([403, 'API_CREDENTIAL_SCOPE']);
    });

    it('reaches the member routes only with a custom scope that names them', async () => {
      const owner = await seedOrganization(t.db, 'custom');
      const { secret } = await seedCredential(t.db, owner, { scope: 'custom', permissions: ['members.read'] });
      expect((await listMembers(bearerRequest(url('custom', 'members'), secret), context('custom'))).status).toBe(200);
      expect((await listVehicles(bearerRequest(url('custom'), secret), context('custom'))).status).toBe(403);
    });

    it('lets a manager credential send without an Origin, and the audit entry names the credential', async () => {
      const owner = await seedOrganization(t.db, 'manager');
      const { secret, record } = await seedCredential(t.db, owner, { scope: 'manage', name: 'van locker' });
      const response = await sendCommand(
        bearerRequest(url('manager', 'vehicles/v1/commands'), secret, { method: 'POST' }),
        context('manager'),
      );
      expect(response.status).toBe(200);
      const [entry] = await t.db.select().from(auditEvents).where(eq(auditEvents.organizationId, owner.org.id));
      expect(entry.actorEmail).toBe(`api credential ${record.prefix} (van locker)`);
      expect(entry.actorUserId).toBe(owner.admin.id);
      expect(entry.details).toMatchObject({ apiCredential: { id: record.id, name: 'van locker', prefix: record.prefix } });
      expect(JSON.stringify(entry)).not.toContain(secret);
    });

    it('refuses an unknown, a malformed, another organization’s and an expired credential', async () => {
      const owner = await seedOrganization(t.db, 'refusals');
      await seedOrganization(t.db, 'elsewhere');
      const { secret } = await seedCredential(t.db, owner);
      const unknown = `mp_abcdefgh_${'A'.repeat(43)}`;
      const cases: Array<[Response, number, string]> = [
        [await listVehicles(bearerRequest(url('refusals'), unknown), context('refusals')), 401, 'API_CREDENTIAL_INVALID'],
        [await listVehicles(bearerRequest(url('refusals'), 'not a secret'), context('refusals')), 401, 'API_CREDENTIAL_INVALID'],
        [await listVehicles(bearerRequest(url('elsewhere'), secret), context('elsewhere')), 404, 'NOT_FOUND'],
      ];
      const { secret: expired } = await seedCredential(t.db, owner, { expiresAt: new Date(Date.now() - 1000) });
      cases.push([await listVehicles(bearerRequest(url('refusals'), expired), context('refusals')), 401, 'API_CREDENTIAL_EXPIRED']);
      for (const [response, status, code] of cases) {
        expect([response.status, (await errorOf(response)).code]).toEqual([status, code]);
      }
    });

    it('refuses an address outside the allowed list with 403, and serves one inside it', async () => {
      const owner = await seedOrganization(t.db, 'addresses');
      const { secret } = await seedCredential(t.db, owner, { allowedAddresses: ['203.0.113.0/24'] });
      const outside = await listVehicles(bearerRequest(url('addresses'), secret, { peer: '198.51.100.9' }), context('addresses'));
      expect([outside.status, (await errorOf(outside)).code]).toEqual([403, 'API_CREDENTIAL_ADDRESS_REFUSED']);
      expect((await listVehicles(bearerRequest(url('addresses'), secret, { peer: '203.0.113.9' }), context('addresses'))).status).toBe(200);
    });

    it('refuses a bearer that comes with a session cookie', async () => {
      const owner = await seedOrganization(t.db, 'ambiguous');
      const { secret } = await seedCredential(t.db, owner);
      const response = await listVehicles(
        bearerRequest(url('ambiguous'), secret, { cookie: 'next-auth.session-token=abc' }),
        context('ambiguous'),
      );
      expect([response.status, (await errorOf(response)).code]).toEqual([401, 'AMBIGUOUS_AUTHENTICATION']);
    });

    it('answers 429 with Retry-After past the bucket, with RateLimit headers on every answer', async () => {
      const owner = await seedOrganization(t.db, 'limited');
      const { secret } = await seedCredential(t.db, owner, { ratePerMinute: 2 });
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await listVehicles(bearerRequest(url('limited'), secret), context('limited')));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['1', '0', '0']);
      expect(answers[2].headers.get('ratelimit-limit')).toBe('2');
      // Two a minute: the next token is about 30 s away.
      expect(Number(answers[2].headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
      expect(Number(answers[2].headers.get('retry-after'))).toBeLessThanOrEqual(30);
      expect((await errorOf(answers[2])).code).toBe('API_CREDENTIAL_RATE_LIMITED');
    });

    it('notes the last use, names the request id of a refusal and never writes the secret to the log', async () => {
      const owner = await seedOrganization(t.db, 'quiet');
      const { secret, record } = await seedCredential(t.db, owner);
      const log = captureLog();
      try {
        await sendCommand(bearerRequest(url('quiet', 'vehicles/v1/commands'), secret, { method: 'POST' }), context('quiet'));
        await listVehicles(bearerRequest(url('quiet'), secret, { peer: '192.0.2.4' }), context('quiet'));
        // A refusal names its request id, in the answer and in the log line, as every answer does.
        const refused = await listMembers(bearerRequest(url('quiet', 'members'), secret, { peer: '192.0.2.4' }), context('quiet'));
        expect(refused.status).toBe(403);
        const requestId = refused.headers.get('x-request-id');
        expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(log.lines()).toContainEqual(expect.objectContaining({ event: 'bff.request', status: 403, requestId }));
        expect(log.text()).not.toContain(secret.slice(12));
      } finally {
        log.restore();
      }
      const { listApiCredentials } = await import('@/lib/db/repos/api-credentials');
      const [listed] = await listApiCredentials(t.db, owner.org.id);
      expect([listed.id, listed.lastUsedIp, listed.lastUsedAt instanceof Date]).toEqual([record.id, '192.0.2.4', true]);
    });

    it(`refuses a credential revoked ${leg.kind === 'postgres' ? 'through another instance’s connection' : 'in this process'} at its next request`, async () => {
      const owner = await seedOrganization(t.db, 'revoked');
      const { secret, record } = await seedCredential(t.db, owner);
      // On PGlite the second request is answered from the cache a revocation must clear.
      expect(typeof state.accessGeneration).toBe(leg.kind === 'pglite' ? 'function' : 'undefined');
      expect((await listVehicles(bearerRequest(url('revoked'), secret), context('revoked'))).status).toBe(200);
      expect((await listVehicles(bearerRequest(url('revoked'), secret), context('revoked'))).status).toBe(200);
      if (leg.kind === 'postgres') {
        const other: DbHandle = openPostgres(t.database.url!, { max: 1 });
        try {
          expect(await revokeApiCredential(other.db as Db, owner.org.id, record.id)).toBeDefined();
        } finally {
          await other.close();
        }
      } else {
        expect(await revokeApiCredential(t.db, owner.org.id, record.id)).toBeDefined();
      }
      const refused = await listVehicles(bearerRequest(url('revoked'), secret), context('revoked'));
      expect([refused.status, (await errorOf(refused)).code]).toEqual([401, 'API_CREDENTIAL_REVOKED']);
    });

    it('refuses a credential at its next request once its creator is removed from the organization, and only then', async () => {
      const owner = await seedOrganization(t.db, 'departed');
      const scripter = await createUser(t.db, { email: 'scripter@departed.example' });
      await ensureMembership(t.db, owner.org.id, scripter.id, 'admin');
      const { secret } = await seedCredential(t.db, { org: owner.org, admin: scripter });
      // Twice first: on PGlite the second is answered from the cache the removal must clear.
      expect((await listVehicles(bearerRequest(url('departed'), secret), context('departed'))).status).toBe(200);
      expect((await listVehicles(bearerRequest(url('departed'), secret), context('departed'))).status).toBe(200);
      if (leg.kind === 'postgres') {
        const other: DbHandle = openPostgres(t.database.url!, { max: 1 });
        try {
          await removeMember(other.db as Db, owner.org.id, scripter.id);
        } finally {
          await other.close();
        }
      } else {
        await removeMember(t.db, owner.org.id, scripter.id);
      }
      const refused = await listVehicles(bearerRequest(url('departed'), secret), context('departed'));
      const error = await errorOf(refused);
      expect([refused.status, error.code]).toEqual([401, 'API_CREDENTIAL_INVALID']);
      expect(error.message).toContain('no longer a member');
    });
  });
}

afterAll(() => {
  state.db = undefined;
  state.accessGeneration = undefined;
});
