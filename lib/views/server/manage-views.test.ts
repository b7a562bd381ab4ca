import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_SCOPE_PRESETS, roleCovering, type Permission, type Role } from '@/lib/auth/permissions';
import type { OrgAccess } from '@/lib/org/org-access';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { createTestDatabase } from '@/lib/db/testing.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0915');

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => state.db }));

const { createView } = await import('./create-view');
const { deleteView } = await import('./delete-view');
const { listViews } = await import('./list-views');
const { updateView } = await import('./update-view');

const database = await createTestDatabase('pglite');
state.db = database.db;
afterAll(() => database.close());

const org = await createOrganization(database.db, { slug: 'views', name: 'Views', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
const other = await createOrganization(database.db, { slug: 'other', name: 'Other', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
const person = async (email: string, role: Role, inOrg = org): Promise<OrgAccess> => {
  const user = await createUser(database.db, { email });
  return { user: { id: user.id, email }, org: inOrg, role };
};
const ana = await person('ana@example.com', 'manager');
const ben = await person('ben@example.com', 'manager');
const admin = await person('admin@example.com', 'admin');
const support = await person('support@example.com', 'support');
const outsider = await person('out@example.com', 'admin', other);

/** An API credential the admin created, as bearer-access.ts hands it over: its creator, its covering role, its scope. */
const program = (permissions: readonly Permission[]): OrgAccess => ({
  ...admin,
  role: roleCovering(permissions),
  credential: { id: 'cred-1', name: 'nightly', prefix: 'mp_x', permissions },
});

const names = async (access: OrgAccess) => (await listViews(access)).views.map((v) => v.name);

describe('saved views', () => {
  it('a shared view is listed for every member, a private one for its owner alone', async () => {
    const { view: shared } = await createView(ana, { name: 'Low charge', shared: true, query: { socBelow: '20', cols: 'vin,plate' } });
    await createView(ana, { name: 'Ana only', shared: false, query: { staleHours: '24' } });
    expect(await names(ana)).toEqual(['Ana only', 'Low charge']);
    expect(await names(ben)).toEqual(['Low charge']);
    expect(await names(support)).toEqual(['Low charge']);
    expect(await names(outsider)).toEqual([]);
    const seenByBen = (await listViews(ben)).views[0];
    expect(seenByBen).toMatchObject({
      id: shared.id,
      ownerEmail: 'ana@example.com',
      mine: false,
      canEdit: false,
      query: { socBelow: '20' },
    });
    expect((await listViews(admin)).views[0]).toMatchObject({ canEdit: true, mine: false });
  });

  it('only the owner or an admin changes or deletes a view; another organization never reaches it', async () => {
    const { view } = await createView(ana, { name: 'Charging', shared: true, query: { charging: '1' } });
    const { view: secret } = await createView(ana, { name: 'Secret', shared: false, query: {} });
    await expect(updateView(ben, view.id, { name: 'Mine now' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(deleteView(ben, view.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Another member's private view answers as missing, not as forbidden.
    await expect(updateView(ben, secret.id, { name: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deleteView(outsider, view.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await updateView(ana, view.id, { shared: false })).view).toMatchObject({ name: 'Charging', shared: false });
    expect(await names(ben)).not.toContain('Charging');
    expect((await updateView(admin, view.id, { name: 'Renamed by admin' })).view.name).toBe('Renamed by admin');
    expect(await deleteView(admin, secret.id)).toEqual({ deleted: true, name: 'Secret' });
    expect(await names(ana)).not.toContain('Secret');
  });

  it('asks an API credential its scope, never the role it stands in for: no views.manage, no edit of another’s shared view', async () => {
    const { view } = await createView(ana, { name: 'Depot north', shared: true, query: { tagKey: 'depot', tagValue: 'north' } });
    // views.write and an admin-only permission: the covering role is admin, which manages every view.
    const writer = program(['org.read', 'views.write', 'members.write']);
    expect(writer.role).toBe('admin');
    await expect(updateView(writer, view.id, { name: 'Taken over' })).rejects.toMatchObject({ code: 'API_CREDENTIAL_SCOPE', status: 403 });
    await expect(deleteView(writer, view.id)).rejects.toMatchObject({ code: 'API_CREDENTIAL_SCOPE' });
    expect((await listViews(writer)).views.find((v) => v.id === view.id)).toMatchObject({ canEdit: false });
    // A read-only credential edits no view, not even its creator's own.
    const { view: own } = await createView(admin, { name: 'Admin own', shared: true, query: {} });
    const reader = program(API_SCOPE_PRESETS.read);
    await expect(updateView(reader, own.id, { name: 'x' })).rejects.toMatchObject({ code: 'API_CREDENTIAL_SCOPE' });
    expect((await listViews(reader)).views.every((v) => !v.canEdit)).toBe(true);
    // With views.manage in its scope, it may.
    await expect(updateView(program(['org.read', 'views.write', 'views.manage']), view.id, { name: 'Renamed' })).resolves.toMatchObject({
      view: { name: 'Renamed' },
    });
  });
});
