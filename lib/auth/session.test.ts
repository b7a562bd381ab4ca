import { encode } from 'next-auth/jwt';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { createUser } from '@/lib/db/repos/users';
import { createTestDatabase } from '@/lib/db/testing.test-support';

const SECRET = 'test-secret-test-secret-test-secret-0012';
vi.stubEnv('AUTH_SECRET', SECRET);

const state = vi.hoisted(() => ({ db: undefined as unknown, cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => state.cookies }) }));
vi.mock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => state.db }));

const { getSessionUser } = await import('./session');
const database = await createTestDatabase('pglite');
state.db = database.db;
const user = await createUser(database.db as Db, { email: 'session@example.com', name: 'Sam' });

async function signedInAs(uid: string) {
  state.cookies = [
    {
      name: 'next-auth.session-token',
      value: await encode({
        token: { uid, sid: 'session-1', sv: 0, sat: Math.floor(Date.now() / 1000), email: 'stale@example.com' },
        secret: SECRET,
        maxAge: 60,
      }),
    },
  ];
}

describe('getSessionUser', () => {
  afterAll(() => database.close());

  beforeEach(() => {
    state.cookies = [];
  });

  it('answers null without a session', async () => {
    expect(await getSessionUser()).toBeNull();
  });

  it('reads the session’s user from the database', async () => {
    await signedInAs(user.id);
    expect(await getSessionUser()).toEqual({ id: user.id, email: 'session@example.com', name: 'Sam' });
  });

  it('answers null for a valid token of a user who no longer exists', async () => {
    await signedInAs('00000000-0000-4000-8000-000000000000');
    expect(await getSessionUser()).toBeNull();
  });
});
