import { describe, expect, it } from 'vitest';
import { can, canEditView, PERMISSIONS, ROLE_PERMISSIONS, ROLES, type Permission, type Role } from './permissions';

const writes = PERMISSIONS.filter((p) => !p.endsWith('.read'));

describe('permissions', () => {
  it('admin may do everything', () => {
    for (const permission of PERMISSIONS) expect(can('admin', permission)).toBe(true);
  });

  it('support reads everything, raw payloads and audit included, and writes nothing', () => {
    for (const permission of PERMISSIONS) expect(can('support', permission)).toBe(permission.endsWith('.read'));
    expect(can('support', 'raw.read')).toBe(true);
    expect(can('support', 'audit.read')).toBe(true);
    expect(writes.filter((p) => can('support', p))).toEqual([]);
  });

  it('manager does the vehicle work but not settings or members', () => {
    for (const permission of [
      'vehicles.write',
      'tags.write',
      'listening.write',
      'commands.send',
      'connect.create',
      'eligibility.write',
    ] as const) {
      expect(can('manager', permission)).toBe(true);
    }
    expect(can('manager', 'settings.write')).toBe(false);
    expect(can('manager', 'members.write')).toBe(false);
  });

  it('a saved view is changed by its owner or an admin, never by another member or by support', () => {
    expect(can('manager', 'views.write')).toBe(true);
    expect(can('manager', 'views.manage')).toBe(false);
    const as = (role: Role) => (permission: Permission) => can(role, permission);
    expect(canEditView(as('manager'), 'u1', 'u1')).toBe(true);
    expect(canEditView(as('manager'), 'u1', 'u2')).toBe(false);
    expect(canEditView(as('manager'), 'u1', null)).toBe(false);
    expect(canEditView(as('admin'), 'u1', 'u2')).toBe(true);
    expect(canEditView(as('admin'), 'u1', null)).toBe(true);
    expect(canEditView(as('support'), 'u1', 'u1')).toBe(false);
  });

  it('refuses unknown or missing roles and only grants known permissions', () => {
    expect(can(undefined, 'org.read')).toBe(false);
    expect(can('owner' as never, 'org.read')).toBe(false);
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });

  it('is importable by the browser: no server-only marker in the module', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('./permissions.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import\s/m);
  });
});
