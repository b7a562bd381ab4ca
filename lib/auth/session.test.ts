import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { createUser } from '@/lib/db/repos/users';
import { createTestDatabase } from '@/lib/db/testing';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0012');

const state = vi.hoisted(() => ({ db: undefined as unknown, session: null as unknown }));
vi.mock('next-auth', () => ({ getServerSession: vi.fn(async () => state.session) }));
vi.mock('@/lib/db', async (importOriginal) => ({ ...(await importOriginal<object>()), getDb: () => state.db }));

const { getSessionUser } = await import('./session');
const database = await createTestDatabase('pglite');
state.db = database.db;
const user = await createUser(database.db as Db, { email: 'session@example.com', name: 'Sam' });

describe('getSessionUser', () => {
  afterAll(() => database.close());

  beforeEach(() => {
    state.session = null;
  });

  it('answers null without a session', async () => {
    expect(await getSessionUser()).toBeNull();
  });

  it('reads the session’s user from the database', async () => {
    state.session = { user: { id: user.id, email: 'stale@example.com' }, expires: '' };
    expect(await getSessionUser()).toEqual({ id: user.id, email: 'session@example.com', name: 'Sam' });
  });

  it('answers null for a valid token of a user who no longer exists', async () => {
    state.session = { user: { id: '00000000-0000-4000-8000-000000000000' }, expires: '' };
    expect(await getSessionUser()).toBeNull();
  });
});
