import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The routes of issue 26's later dangerous actions, as the server answers them: removing a member,
 * turning off the organization's second-factor requirement, and a check's bulk connect (and its
 * retry). Each is refused with 403 STEP_UP_REQUIRED without a fresh proof of this session in this
 * organization, before its verb runs, and goes through with one. The verbs are stand-ins; the
 * wrapper, the step-up check and the route modules are the real ones.
 */
vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0026');
vi.stubEnv('APP_URL', 'http://console.test');

const state = vi.hoisted(() => ({ proofs: new Set<string>(), ran: [] as string[], audit: [] as string[] }));
vi.mock('@/lib/org/org-access', () => ({
  loadOrgAccess: async (slug: string) => ({ user: { id: 'u1', email: 'u1@example.com' }, org: { id: `org-${slug}`, slug }, role: 'admin' }),
}));
vi.mock('@/lib/auth/session', () => ({ getSessionClaims: async () => ({ sid: 'sid-a', userId: 'u1', sv: 0 }) }));
vi.mock('@/lib/db', () => ({ getDb: () => ({}) }));
vi.mock('@/lib/auth/server/step-up', () => ({
  hasFreshStepUp: async (_db: unknown, s: { sid: string; userId: string; organizationId: string }) =>
    state.proofs.has(`${s.sid}/${s.userId}/${s.organizationId}`),
  stepUpMethodsOf: async () => ({ code: false, passkey: false, password: true }),
}));
vi.mock('@/lib/bff/audit', () => ({
  recordAudit: async (_access: unknown, spec: { action: string }, outcome: { outcome: string }) => {
    state.audit.push(`${spec.action}:${outcome.outcome}`);
  },
}));
vi.mock('@/lib/members/server/manage-members', () => ({
  changeRole: async () => ({ ok: true }),
  removeMember: async () => {
    state.ran.push('removeMember');
    return { ok: true };
  },
}));
vi.mock('@/lib/settings/server/update-second-factor-requirement', () => ({
  updateSecondFactorRequirement: async (_access: unknown, body: { required: boolean }) => {
    state.ran.push(`secondFactor:${body.required}`);
    return { required: body.required };
  },
}));
vi.mock('@/lib/eligibility/server/connect-eligible-vehicles', () => ({
  listConnectionsOfCheck: async () => ({ connections: [] }),
  connectEligibleOfCheck: async () => {
    state.ran.push('connectEligible');
    return { connections: [{ upstreamId: 'bc_1', vinCount: 3 }], unmatched: 0 };
  },
  retryConnectionOfCheck: async () => {
    state.ran.push('retryConnection');
    return { connections: [{ upstreamId: 'bc_2', vinCount: 1 }] };
  },
}));

const members = await import('./members/[userId]/route');
const secondFactor = await import('./settings/second-factor/route');
const connections = await import('./eligibility/[checkId]/connections/route');
const retry = await import('./eligibility/[checkId]/connections/[connectionId]/retry/route');

const ORG = 'fleet';
const request = (method: string, path: string, body?: unknown) =>
  new NextRequest(`http://console.test/api/o/${ORG}/${path}`, {
    method,
    headers: { origin: 'http://console.test', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const context = (params: Record<string, string>) => ({ params: Promise.resolve({ org: ORG, ...params }) });

const userId = randomUUID();
const checkId = randomUUID();
const connectionId = randomUUID();
const cases = [
  {
    name: 'removing a member',
    action: 'members.remove',
    ran: 'removeMember',
    call: () => members.DELETE(request('DELETE', `members/${userId}`), context({ userId })),
  },
  {
    name: 'turning off the second-factor requirement',
    action: 'settings.second_factor_off',
    ran: 'secondFactor:false',
    call: () => secondFactor.PUT(request('PUT', 'settings/second-factor', { required: false }), context({})),
  },
  {
    name: 'connecting a check’s eligible vehicles in bulk',
    action: 'eligibility.bulk_connect',
    ran: 'connectEligible',
    call: () => connections.POST(request('POST', `eligibility/${checkId}/connections`, {}), context({ checkId })),
  },
  {
    name: 'sending a bulk connection’s retryable rows again',
    action: 'eligibility.bulk_connect',
    ran: 'retryConnection',
    call: () =>
      retry.POST(request('POST', `eligibility/${checkId}/connections/${connectionId}/retry`, {}), context({ checkId, connectionId })),
  },
] as const;

describe('dangerous actions added to the step-up list', () => {
  beforeEach(() => {
    state.proofs.clear();
    state.ran = [];
    state.audit = [];
  });

  for (const c of cases) {
    it(`refuses ${c.name} with 403 STEP_UP_REQUIRED without a recent proof; nothing runs, nothing is audited`, async () => {
      const response = await c.call();
      expect(response.status).toBe(403);
      expect((await response.json()).error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        details: { action: c.action, organization: ORG, methods: { code: false, passkey: false, password: true } },
      });
      expect(state.ran).toEqual([]);
      expect(state.audit).toEqual([]);
    });

    it(`lets ${c.name} through once this session proved itself in this organization`, async () => {
      state.proofs.add(`sid-a/u1/org-${ORG}`);
      const response = await c.call();
      expect(response.status, await response.clone().text()).toBe(200);
      expect(state.ran).toEqual([c.ran]);
      expect(state.audit).toHaveLength(1);
    });
  }

  it('does not ask before turning the second-factor requirement on (that makes the organization safer)', async () => {
    const response = await secondFactor.PUT(request('PUT', 'settings/second-factor', { required: true }), context({}));
    expect(response.status).toBe(200);
    expect(state.ran).toEqual(['secondFactor:true']);
  });
});
