import { describe, expect, it } from 'vitest';
import { roleCovering } from '@/lib/auth/permissions';
import { accessCan } from './credential-actor';

describe('accessCan', () => {
  it('asks a person’s role', () => {
    expect(accessCan({ role: 'support' }, 'raw.read')).toBe(true);
    expect(accessCan({ role: 'support' }, 'commands.send')).toBe(false);
  });

  it('asks a credential’s scope, never the role it stands in with', () => {
    const permissions = ['vehicles.read', 'commands.read'] as const;
    const credential = { id: 'c1', name: 'bi', prefix: 'mp_abcdefgh', permissions };
    const role = roleCovering(permissions);
    expect(role).toBe('support');
    // Support may read raw payloads and the audit; this credential was not given them.
    expect(accessCan({ role, credential }, 'raw.read')).toBe(false);
    expect(accessCan({ role, credential }, 'audit.read')).toBe(false);
    expect(accessCan({ role, credential }, 'vehicles.read')).toBe(true);
  });
});
