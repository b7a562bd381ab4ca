import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.stubEnv('APP_URL', 'http://localhost:3000');
const session = vi.hoisted(() => ({ user: null as { id: string; email: string; name: null } | null, sid: 'sid-1' }));
vi.mock('@/lib/auth/session', () => ({
  getSessionUser: async () => session.user,
  getSessionClaims: async () => (session.user ? { userId: session.user.id, sid: session.sid, sessionVersion: 0, signedInAt: 0 } : null),
}));

const { withSession } = await import('./with-session');

const url = 'http://localhost:3000/api/profile/sessions/x';
const handler = vi.fn(async (ctx: { params: unknown; sessionId: string }) => ({ params: ctx.params, sessionId: ctx.sessionId }));
const route = withSession(handler, { params: z.object({ id: z.uuid() }), session: 'required' });
const ID = '01900000-0000-7000-8000-000000000000';
const call = (method: string, headers: Record<string, string> = {}, id = ID) =>
  route(new NextRequest(url, { method, headers }), { params: Promise.resolve({ id }) });

describe('withSession', () => {
  beforeEach(() => {
    session.user = { id: 'u1', email: 'u1@example.com', name: null };
    handler.mockClear();
  });

  it('answers 401 without a session, before the handler runs', async () => {
    session.user = null;
    expect((await call('GET')).status).toBe(401);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a change from another origin, but serves a read without an Origin', async () => {
    expect((await call('DELETE', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('DELETE')).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
    expect((await call('GET')).status).toBe(200);
  });

  it('validates the route params and hands the session id to the handler (never in the answer unless it says so)', async () => {
    expect((await call('DELETE', { origin: 'http://localhost:3000' }, 'not-an-id')).status).toBe(400);
    const answer = await call('DELETE', { origin: 'http://localhost:3000' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ params: { id: ID }, sessionId: 'sid-1' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
