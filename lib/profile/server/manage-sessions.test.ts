import { describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '@/lib/db';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { bumpSessionVersion, getSessionState, listLiveSessions, recordSession, revokeSession } from '@/lib/db/repos/sessions';
import { createUser } from '@/lib/db/repos/users';
import { sessionIsCurrent } from '@/lib/auth/session-token';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { endSignedInSession, listSignedInSessions } from './manage-sessions';

const NOW = new Date(Date.UTC(2026, 2, 1, 12));
const HOUR = 3600_000;
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function signIn(
  db: Db,
  userId: string,
  sid: string,
  options: { ua?: string | null; ip?: string | null; at?: Date; sv?: number } = {},
) {
  const at = options.at ?? new Date(NOW.getTime() - HOUR);
  await recordSession(
    db,
    {
      sid,
      userId,
      sessionVersion: options.sv ?? 0,
      userAgent: options.ua ?? null,
      ip: options.ip ?? null,
      expiresAt: new Date(at.getTime() + 12 * HOUR),
    },
    at,
  );
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`where you are signed in, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('lists only the person’s own open sessions: not expired, not ended, not of an older session version', async () => {
      const ann = await createUser(t.db, { email: 'ann@example.com' });
      const bob = await createUser(t.db, { email: 'bob@example.com' });
      await signIn(t.db, ann.id, 'ann-laptop', { ua: CHROME_MAC, ip: '203.0.113.5', at: new Date(NOW.getTime() - 2 * HOUR) });
      await signIn(t.db, ann.id, 'ann-phone', { ua: SAFARI_IPHONE, ip: '2001:db8::7' });
      await signIn(t.db, ann.id, 'ann-expired', { at: new Date(NOW.getTime() - 13 * HOUR) });
      await signIn(t.db, ann.id, 'ann-signed-out');
      await revokeSession(t.db, { sid: 'ann-signed-out', userId: ann.id, expiresAt: new Date(NOW.getTime() + HOUR) }, NOW);
      await signIn(t.db, bob.id, 'bob-laptop', { ua: CHROME_MAC });

      const { sessions } = await listSignedInSessions({ user: ann, sessionId: 'ann-laptop' }, t.db, NOW);
      // This device first, seen now (it is asking); the others most recently seen first.
      expect(sessions).toEqual([
        expect.objectContaining({
          device: 'Chrome 124 on macOS',
          deviceKind: 'desktop',
          address: '203.0.113.5',
          signedInAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
          lastSeenAt: NOW.toISOString(),
          thisDevice: true,
        }),
        {
          id: expect.any(String),
          device: 'Safari 17 on iOS',
          deviceKind: 'mobile',
          address: '2001:db8::7',
          signedInAt: new Date(NOW.getTime() - HOUR).toISOString(),
          lastSeenAt: new Date(NOW.getTime() - HOUR).toISOString(),
          thisDevice: false,
        },
      ]);
      // Nothing in the answer is the session's own id (the token's `sid`).
      expect(JSON.stringify(sessions)).not.toMatch(/ann-/);

      // A row left behind under an older version (a sign-in racing "sign out everywhere") is not listed.
      await bumpSessionVersion(t.db, ann.id);
      await signIn(t.db, ann.id, 'ann-stale', { sv: 0 });
      await signIn(t.db, ann.id, 'ann-new', { sv: 1 });
      const after = await listSignedInSessions({ user: ann, sessionId: 'ann-new' }, t.db, NOW);
      expect(after.sessions.map((s) => s.thisDevice)).toEqual([true]);
    });

    it('ends one session at once (revoked, off the list, audited); another person’s answers like an unknown one', async () => {
      const cleo = await createUser(t.db, { email: 'cleo@example.com' });
      const dan = await createUser(t.db, { email: 'dan@example.com' });
      await signIn(t.db, cleo.id, 'cleo-here', { ua: CHROME_MAC });
      await signIn(t.db, cleo.id, 'cleo-there', { ua: SAFARI_IPHONE, ip: '198.51.100.4' });
      await signIn(t.db, dan.id, 'dan-here', { ua: CHROME_MAC });
      const cleoHere = { user: cleo, sessionId: 'cleo-here' };
      const [there] = (await listSignedInSessions(cleoHere, t.db, NOW)).sessions.filter((s) => !s.thisDevice);
      const [dans] = (await listSignedInSessions({ user: dan, sessionId: 'dan-here' }, t.db, NOW)).sessions;

      const unknown = await endSignedInSession({ ...cleoHere, id: '01900000-0000-7000-8000-000000000000', ip: null }, t.db, NOW).catch(
        (error: unknown) => error,
      );
      const foreign = await endSignedInSession({ ...cleoHere, id: dans.id, ip: null }, t.db, NOW).catch((error: unknown) => error);
      expect(unknown).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(foreign).toMatchObject({ code: 'NOT_FOUND', status: 404, message: (unknown as Error).message });
      expect(
        sessionIsCurrent(
          { userId: dan.id, sid: 'dan-here', sessionVersion: 0, signedInAt: 0 },
          await getSessionState(t.db, dan.id, 'dan-here'),
        ),
      ).toBe(true);

      await expect(endSignedInSession({ ...cleoHere, id: there.id, ip: '203.0.113.1' }, t.db, NOW)).resolves.toEqual({
        ended: true,
        thisDevice: false,
      });
      expect((await getSessionState(t.db, cleo.id, 'cleo-there'))?.revoked).toBe(true);
      expect((await getSessionState(t.db, cleo.id, 'cleo-here'))?.revoked).toBe(false);
      expect((await listSignedInSessions(cleoHere, t.db, NOW)).sessions.map((s) => s.thisDevice)).toEqual([true]);
      // Ended once: a second try finds nothing.
      await expect(endSignedInSession({ ...cleoHere, id: there.id, ip: null }, t.db, NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });

      const { events } = await listAuditEvents(t.db, { actorUserId: cleo.id, action: 'account.session_ended' });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        targetType: 'session',
        targetId: there.id,
        outcome: 'success',
        ip: '203.0.113.1',
        details: { device: 'Safari 17 on iOS', address: '198.51.100.4', thisDevice: false },
      });

      const [here] = (await listSignedInSessions(cleoHere, t.db, NOW)).sessions;
      await expect(endSignedInSession({ ...cleoHere, id: here.id, ip: null }, t.db, NOW)).resolves.toEqual({
        ended: true,
        thisDevice: true,
      });
      expect((await getSessionState(t.db, cleo.id, 'cleo-here'))?.revoked).toBe(true);
    });

    it('refuses an ended session on another instance too (the revocation lives in the shared database)', async () => {
      const eve = await createUser(t.db, { email: 'eve@example.com' });
      await signIn(t.db, eve.id, 'eve-a');
      await signIn(t.db, eve.id, 'eve-b');
      // On PostgreSQL a second connection pool stands for another instance; PGlite has one writer.
      const other = t.database.url ? openPostgres(t.database.url, { max: 1 }) : undefined;
      const otherDb = other?.db ?? t.db;
      try {
        const claims = { userId: eve.id, sid: 'eve-b', sessionVersion: 0, signedInAt: 0 };
        expect(sessionIsCurrent(claims, await getSessionState(otherDb, eve.id, 'eve-b'))).toBe(true);
        const b = (await listSignedInSessions({ user: eve, sessionId: 'eve-a' }, t.db, NOW)).sessions.find((s) => !s.thisDevice)!;
        await endSignedInSession({ user: eve, sessionId: 'eve-a', id: b.id, ip: null }, t.db, NOW);
        expect(sessionIsCurrent(claims, await getSessionState(otherDb, eve.id, 'eve-b'))).toBe(false);
      } finally {
        await other?.close();
      }
    });

    it('prunes expired rows with the revoked ones, and forgets the rows a version bump ended', async () => {
      const fay = await createUser(t.db, { email: 'fay@example.com' });
      await signIn(t.db, fay.id, 'fay-live');
      // Recorded (as at its sign-in, 20 hours ago) after the live one, whose own prune it escaped.
      await signIn(t.db, fay.id, 'fay-old', { at: new Date(NOW.getTime() - 20 * HOUR) });
      const rows = async () =>
        (await t.db.query.userSessions.findMany({ where: (s, { eq }) => eq(s.userId, fay.id) })).map((s) => s.sid).sort();
      expect(await rows()).toEqual(['fay-live', 'fay-old']);
      await revokeSession(t.db, { sid: 'unrelated', userId: null, expiresAt: new Date(NOW.getTime() + HOUR) }, NOW);
      expect(await rows()).toEqual(['fay-live']);
      await bumpSessionVersion(t.db, fay.id);
      expect(await rows()).toEqual([]);
      expect(await listLiveSessions(t.db, fay.id, NOW)).toEqual([]);
    });
  });
}
