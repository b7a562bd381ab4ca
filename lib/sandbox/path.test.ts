import { describe, expect, it } from 'vitest';
import { isSandboxAdminPath, sandboxPath } from './path';

describe('sandboxPath', () => {
  it.each([
    ['/sandbox/v1/vehicles', '/v1/vehicles'],
    ['/sandbox', '/'],
    ['/sandbox/', '/'],
    ['/sandbox/%5Fadmin/organizations', '/_admin/organizations'],
    ['/sandbox/%5fadmin/organizations', '/_admin/organizations'],
    ['/sandbox//_admin//organizations', '/_admin/organizations'],
    ['/sandbox/./_admin/organizations', '/_admin/organizations'],
    ['/sandbox/v1/../_admin/organizations', '/_admin/organizations'],
    ['/sandbox/../../_admin/organizations', '/_admin/organizations'],
    ['/sandbox/%5Fadmin%2Forganizations', '/_admin/organizations'],
    ['/sandbox/v1%2F..%2F_admin', '/_admin'],
    ['/sandbox/v1/vehicles/veh_1:connect', '/v1/vehicles/veh_1:connect'],
  ])('reads %s as %s', (pathname, expected) => {
    expect(sandboxPath(pathname, '/sandbox')).toBe(expected);
  });

  it('is null outside the base path or with a malformed encoding', () => {
    expect(sandboxPath('/sandboxes/_admin', '/sandbox')).toBeNull();
    expect(sandboxPath('/api/x', '/sandbox')).toBeNull();
    expect(sandboxPath('/sandbox/%E0%A4%A', '/sandbox')).toBeNull();
  });

  it('works at the root', () => {
    expect(sandboxPath('/%5Fadmin/faults', '')).toBe('/_admin/faults');
  });
});

describe('isSandboxAdminPath', () => {
  it('matches the admin API in any letter case, nothing else', () => {
    expect(isSandboxAdminPath('/_admin')).toBe(true);
    expect(isSandboxAdminPath('/_admin/faults')).toBe(true);
    expect(isSandboxAdminPath('/_ADMIN/faults')).toBe(true);
    expect(isSandboxAdminPath('/_administrator')).toBe(false);
    expect(isSandboxAdminPath('/v1/_admin')).toBe(false);
  });
});
