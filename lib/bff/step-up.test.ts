import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { commandStepUp } from '@/lib/auth/dangerous-actions';
import * as z from '@/lib/validations/zod';
import { requireStepUp } from './step-up';
import { withOrg } from './with-org';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0026');
vi.stubEnv('APP_URL', 'http://console.test');

/** Proofs recorded as `sid/user/org`; the cookie's session is `state.sid`. */
const state = vi.hoisted(() => ({ sid: 'sid-a' as string | null, proofs: new Set<string>(), audit: [] as string[] }));
vi.mock('@/lib/org/org-access', () => ({
  loadOrgAccess: async (slug: string) => ({
    user: { id: 'u1', email: 'u1@example.com' },
    org: { id: `org-${slug}`, slug },
    role: 'manager',
  }),
}));
vi.mock('@/lib/auth/session', () => ({
  getSessionClaims: async () => (state.sid ? { sid: state.sid, userId: 'u1', sv: 0 } : null),
}));
vi.mock('@/lib/db', () => ({ getDb: () => ({}) }));
vi.mock('@/lib/auth/server/step-up', () => ({
  hasFreshStepUp: async (_db: unknown, s: { sid: string; userId: string; organizationId: string }) =>
    state.proofs.has(`${s.sid}/${s.userId}/${s.organizationId}`),
  stepUpMethodsOf: async () => ({ code: false, passkey: false, password: true }),
}));
vi.mock('./audit', () => ({
  recordAudit: async (_access: unknown, spec: { action: string }, outcome: { outcome: string }) => {
    state.audit.push(`${spec.action}:${outcome.outcome}`);
  },
}));

const send = (org: string, command: string) =>
  new NextRequest(`http://console.test/api/o/${org}/vehicles/v1/commands`, {
    method: 'POST',
    headers: { origin: 'http://console.test', 'content-type': 'application/json' },
    body: JSON.stringify({ command }),
  });
const context = (org: string) => ({ params: Promise.resolve({ org }) });

describe('withOrg’s stepUp option', () => {
  const handler = vi.fn(async () => ({ sent: true }));
  const route = withOrg(handler, {
    permission: 'commands.send',
    body: z.object({ command: z.string() }),
    stepUp: ({ body }) => commandStepUp(body),
    audit: { action: 'commands.sent' },
  });
  beforeEach(() => {
    state.sid = 'sid-a';
    state.proofs.clear();
    state.audit = [];
    handler.mockClear();
  });

  it('refuses an unlock without a step-up with 403 STEP_UP_REQUIRED and what the prompt may ask; nothing runs, nothing is audited', async () => {
    const response = await route(send('fleet', 'UNLOCK_DOORS'), context('fleet'));
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      details: { action: 'vehicle.open', organization: 'fleet', methods: { code: false, passkey: false, password: true } },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(state.audit).toEqual([]);
  });

  it('lets a command that opens nothing through without a step-up', async () => {
    expect((await route(send('fleet', 'LOCK_DOORS'), context('fleet'))).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('lets the unlock through once this session proved itself in this organization', async () => {
    state.proofs.add('sid-a/u1/org-fleet');
    expect((await route(send('fleet', 'UNLOCK_DOORS'), context('fleet'))).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(state.audit).toEqual(['commands.sent:success']);
  });

  it('does not carry a proof to another session of the person, nor to another organization', async () => {
    state.proofs.add('sid-a/u1/org-fleet');
    state.sid = 'sid-b';
    expect((await route(send('fleet', 'UNLOCK_DOORS'), context('fleet'))).status).toBe(403);
    state.sid = 'sid-a';
    expect((await route(send('other', 'UNLOCK_DOORS'), context('other'))).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a request that has no session cookie at all (nothing to have proved on)', async () => {
    state.sid = null;
    expect((await route(send('fleet', 'UNLOCK_DOORS'), context('fleet'))).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('step-up and API credentials', () => {
  const credentialAccess = {
    user: { id: 'u1', email: 'u1@example.com' },
    org: { id: 'org-fleet', slug: 'fleet' },
    role: 'manager',
    credential: { id: 'c1', name: 'dispatcher', prefix: 'mp_abcdefgh', permissions: ['commands.send'] },
  } as unknown as Parameters<typeof requireStepUp>[0];

  it('refuses a dangerous action to a program, even one whose creator proved themselves in this very session', async () => {
    state.sid = 'sid-a';
    state.proofs.add('sid-a/u1/org-fleet');
    const refusal = await requireStepUp(credentialAccess, 'vehicle.open', { params: {}, body: {} }).then(
      () => undefined,
      (error: { code?: string; message?: string; details?: unknown }) => error,
    );
    expect(refusal).toMatchObject({ code: 'STEP_UP_REQUIRED', message: expect.stringMatching(/API credential cannot/) });
    // No details: the browser's prompt has nothing to ask a program.
    expect(refusal?.details).toBeUndefined();
  });

  it('lets a program do what is not dangerous', async () => {
    await expect(requireStepUp(credentialAccess, () => null, { params: {}, body: {} })).resolves.toBeUndefined();
  });
});
