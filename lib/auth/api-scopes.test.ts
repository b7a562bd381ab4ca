import { describe, expect, it } from 'vitest';
import { API_SCOPE_PRESETS, apiScopePermissions, can, roleCovering } from './permissions';

const explicitOnly = ['members.read', 'members.write', 'settings.read', 'settings.write', 'apiCredentials.manage'] as const;

describe('console API credential scopes', () => {
  it('keeps the members, settings and credential permissions out of both presets', () => {
    for (const preset of Object.values(API_SCOPE_PRESETS)) for (const permission of explicitOnly) expect(preset).not.toContain(permission);
  });

  it('makes read-only the support role and manager actions the manager role, less those', () => {
    expect(API_SCOPE_PRESETS.read).toContain('vehicles.read');
    expect(API_SCOPE_PRESETS.read).not.toContain('commands.send');
    expect(API_SCOPE_PRESETS.manage).toContain('commands.send');
    for (const permission of API_SCOPE_PRESETS.read) expect(can('support', permission)).toBe(true);
    for (const permission of API_SCOPE_PRESETS.manage) expect(can('manager', permission)).toBe(true);
  });

  it('grants a custom scope exactly its list, dropping names that no longer exist', () => {
    expect(apiScopePermissions('custom', ['members.read', 'gone.away'])).toEqual(['members.read']);
    expect(apiScopePermissions('read', ['commands.send'])).toEqual(API_SCOPE_PRESETS.read);
  });

  it('stands in with the smallest role that holds the whole scope', () => {
    expect(roleCovering(API_SCOPE_PRESETS.read)).toBe('support');
    expect(roleCovering(API_SCOPE_PRESETS.manage)).toBe('manager');
    expect(roleCovering(['vehicles.read', 'members.write'])).toBe('admin');
  });
});
