import { describe, expect, it, vi } from 'vitest';

const getOrganizationCredentials = vi.fn(async () => ({ apiBaseUrl: null, clientId: 'c', clientSecret: 's' }));
vi.mock('@/lib/db/repos/organizations', () => ({ getOrganizationCredentials }));
vi.mock('@/lib/db', () => ({ getDb: () => ({}) }));

const { orgVehicleApi } = await import('./org-vehicle-api');

describe('per-organization clients', () => {
  it('keeps one client per organization, and at most 1,000: the oldest is built again', async () => {
    const updatedAt = '2026-11-01T00:00:00Z';
    const first = await orgVehicleApi({ id: 'org-first', updatedAt });
    expect(await orgVehicleApi({ id: 'org-first', updatedAt })).toBe(first);
    for (let i = 0; i < 1_000; i++) await orgVehicleApi({ id: `org-${i}`, updatedAt });
    expect(await orgVehicleApi({ id: 'org-first', updatedAt })).not.toBe(first);
    expect(getOrganizationCredentials).toHaveBeenCalledTimes(1_002);
  });
});
