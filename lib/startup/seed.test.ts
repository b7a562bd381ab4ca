import { describe, expect, it, vi } from 'vitest';
import { verifyCredentials } from '@/lib/db/repos/users';
import { getOrganizationBySlug, getOrganizationCredentials } from '@/lib/db/repos/organizations';
import { listMembers, listUserOrganizations } from '@/lib/db/repos/memberships';
import { findUserByEmail } from '@/lib/db/repos/users';
import { PUBLISHED_DEMO_PASSWORD } from '@/lib/auth/demo-exposure';
import { ensureSeeded, interruptedCutoff } from '@/lib/startup/seed';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0010');

const sandboxOrg = { id: 'org_demo', name: 'Demo Fleet GmbH', clientId: 'demo-client', clientSecret: 'demo-secret-1' };
const noUpstream = {
  ADMIN_EMAIL: undefined,
  ADMIN_PASSWORD: undefined,
  VEHICLE_API_BASE_URL: undefined,
  VEHICLE_API_CLIENT_ID: undefined,
  VEHICLE_API_CLIENT_SECRET: undefined,
};

describe('interrupted cut-off', () => {
  it('is now on PGlite and older than the longest upstream call on PostgreSQL', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(interruptedCutoff('pglite', now, 15_000)).toEqual(now);
    expect(interruptedCutoff('postgres', now, 15_000).getTime()).toBe(now.getTime() - 60_000);
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`seed on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('on the embedded sandbox: the demo organization and one user per role, idempotently', async () => {
      const options = {
        env: { ...noUpstream, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-123' },
        embeddedSandbox: true,
        sandboxOrganization: () => sandboxOrg,
      };
      const first = await ensureSeeded(t.db, options);
      expect(first.createdOrganizations).toEqual(['demo']);
      expect(first.createdUsers.sort()).toEqual(['admin@demo.test', 'manager@demo.test', 'root@example.com', 'support@demo.test']);
      const second = await ensureSeeded(t.db, options);
      expect(second).toEqual({ createdUsers: [], createdOrganizations: [] });

      const demo = (await getOrganizationBySlug(t.db, 'demo'))!;
      expect(demo).toMatchObject({ name: 'Demo Fleet GmbH', apiBaseUrl: null, clientId: 'demo-client' });
      expect((await getOrganizationCredentials(t.db, demo.id))?.clientSecret).toBe('demo-secret-1');
      expect((await listMembers(t.db, demo.id)).map((m) => [m.email, m.role])).toEqual([
        ['admin@demo.test', 'admin'],
        ['manager@demo.test', 'manager'],
        ['root@example.com', 'admin'],
        ['support@demo.test', 'support'],
      ]);
      for (const email of ['admin@demo.test', 'manager@demo.test', 'support@demo.test']) {
        expect(await verifyCredentials(t.db, email, PUBLISHED_DEMO_PASSWORD)).toBeDefined();
      }
      expect(await getOrganizationBySlug(t.db, 'fleet')).toBeUndefined();
      // Two scrypt hashes and three checks at OWASP's parameters (about a second each on a busy machine).
    }, 120_000);

    it('follows the sandbox when its demo credentials change', async () => {
      await ensureSeeded(t.db, {
        env: noUpstream,
        embeddedSandbox: true,
        sandboxOrganization: () => ({ ...sandboxOrg, clientSecret: 'demo-secret-2' }),
      });
      const demo = (await getOrganizationBySlug(t.db, 'demo'))!;
      expect((await getOrganizationCredentials(t.db, demo.id))?.clientSecret).toBe('demo-secret-2');
    });
  });

  describe.skipIf(!leg.available)(`seed against a real upstream on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('creates the configured organization with the admin as its admin, and no demo', async () => {
      const sandbox = vi.fn(() => sandboxOrg);
      const options = {
        env: {
          ADMIN_EMAIL: 'ops@example.com',
          ADMIN_PASSWORD: 'ops-password-123',
          VEHICLE_API_BASE_URL: 'https://api.example.com',
          VEHICLE_API_CLIENT_ID: 'prod-client',
          VEHICLE_API_CLIENT_SECRET: 'prod-secret',
        },
        embeddedSandbox: false,
        sandboxOrganization: sandbox,
      };
      await ensureSeeded(t.db, options);
      await ensureSeeded(t.db, options);
      expect(sandbox).not.toHaveBeenCalled();
      expect(await getOrganizationBySlug(t.db, 'demo')).toBeUndefined();
      expect(await findUserByEmail(t.db, 'admin@demo.test')).toBeUndefined();
      const admin = (await findUserByEmail(t.db, 'ops@example.com'))!;
      const orgs = await listUserOrganizations(t.db, admin.id);
      expect(orgs.map((m) => [m.organization.slug, m.role, m.organization.apiBaseUrl])).toEqual([
        ['fleet', 'admin', 'https://api.example.com'],
      ]);
      expect(await getOrganizationCredentials(t.db, orgs[0].organization.id)).toEqual({
        apiBaseUrl: 'https://api.example.com',
        clientId: 'prod-client',
        clientSecret: 'prod-secret',
      });
    });
  });
}
