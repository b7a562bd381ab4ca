import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Org } from '@/lib/org/org-access';
import { getEmbeddedSandbox } from '@/lib/sandbox';

vi.stubEnv('VEHICLE_API_BASE_URL', '');

/** Console organizations as stored: org A holds the sandbox's credentials, org B only copied its client id. */
const stored = vi.hoisted(() => ({
  credentials: new Map<string, { apiBaseUrl: string | null; clientId: string; clientSecret: string }>(),
}));
vi.mock('@/lib/db', () => ({ getDb: () => ({}) }));
vi.mock('@/lib/db/repos/organizations', () => ({
  getOrganizationCredentials: async (_db: unknown, id: string) => stored.credentials.get(id),
  getWebhookSecret: async () => undefined,
  setWebhookSecret: async () => {},
  listEmbeddedOrganizations: async () => [],
  setCommandPolling: async () => {},
}));

const { updateWebhookSecret } = await import('./manage-webhook-settings');

const consoleOrg = (id: string, clientId: string) =>
  ({ id, slug: id, name: id, apiBaseUrl: null, clientId, commandPolling: true, createdAt: new Date(), updatedAt: new Date() }) as Org;

describe('the embedded sandbox’s webhook target', () => {
  it('is set only by the organization that holds the sandbox organization’s credentials, not by one that copied its client id', async () => {
    const upstream = getEmbeddedSandbox().organizations[0]!;
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    // Org B's admin typed org A's client id (the secret they do not have stays their own).
    stored.credentials.set('org-b', { apiBaseUrl: null, clientId: upstream.clientId, clientSecret: 'not-the-sandbox-secret' });
    await updateWebhookSecret(consoleOrg('org-b', upstream.clientId), { secret });
    // Org A's vehicles' events must not be sent to org B's receiver.
    expect(getEmbeddedSandbox().webhooks.hasTarget(upstream.id)).toBe(false);

    stored.credentials.set('org-a', { apiBaseUrl: null, clientId: upstream.clientId, clientSecret: upstream.clientSecret });
    await updateWebhookSecret(consoleOrg('org-a', upstream.clientId), { secret });
    expect(getEmbeddedSandbox().webhooks.hasTarget(upstream.id)).toBe(true);
  });
});
