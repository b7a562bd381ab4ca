import { describe, expect, it, vi } from 'vitest';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';
import { publishChange } from '@/lib/live/server/publish-change';

/**
 * A program's live stream: the kinds its credential's scope may read, never by the role it
 * stands in for elsewhere (this scope's smallest covering role is admin, which reads everything),
 * and never a person's inbox notices.
 */
stubRouteEnv();

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));

const { GET } = await import('./route');

describe('the live stream of an API credential', () => {
  const credential = useScopedCredential('live', (db) => (state.db = db), ['org.read', 'vehicles.read', 'members.write']);

  it('carries only the kinds its scope reads: no command without commands.read, no inbox notice', async () => {
    const response = await GET(bearerRequest(`${CONSOLE_URL}/api/o/live/live`, credential.secret()), {
      params: Promise.resolve({ org: 'live' }),
    });
    expect(response.status).toBe(200);
    const organizationId = credential.organizationId();
    await publishChange(organizationId, { kind: 'command', vehicleId: 'veh-1', executionId: 'exe-1' });
    await publishChange(organizationId, { kind: 'notification' });
    await publishChange(organizationId, { kind: 'vehicle', vehicleId: 'veh-1' });
    const reader = response.body!.getReader();
    let text = '';
    for (;;) {
      const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 50))]);
      if (!next || next.done) break;
      text += new TextDecoder().decode(next.value);
    }
    await reader.cancel();
    const notices = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as { kind: string });
    expect(notices.map((n) => n.kind)).toEqual(['vehicle']);
  });
});
