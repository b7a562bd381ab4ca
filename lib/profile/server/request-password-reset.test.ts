import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { findOpenPasswordReset } from '@/lib/db/repos/password-resets';
import { getSessionState, setUserDisabled } from '@/lib/db/repos/sessions';
import { createUser, verifyCredentials } from '@/lib/db/repos/users';
import { passwordResets } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { hashLinkToken } from '@/lib/members/server/one-time-token';
import type { Mailer } from '@/lib/ops/mail';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { requestPasswordReset } from './request-password-reset';
import { emailOfResetLink, resetPassword } from './reset-password';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0426');
vi.stubEnv('APP_URL', 'https://motorpool.example');
// Each test hashes passwords (scrypt) and sends mail over a socket: give a busy machine room.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

let inbox: SmtpInbox;
let mailer: Mailer;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  mailer = { transport: nodemailer.createTransport(inbox.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' };
});
afterAll(async () => {
  mailer.transport.close();
  await inbox.close();
});

const LINK = /https:\/\/motorpool\.example\/reset-password\/([A-Za-z0-9_-]{43})/;
const MINUTE = 60_000;

/** Runs the deferred work only when the test says so: the answer is given before any lookup. */
function deferred() {
  const queue: Array<() => Promise<void>> = [];
  return { defer: (work: () => Promise<void>) => void queue.push(work), run: () => Promise.all(queue.splice(0).map((w) => w())) };
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`forgot password on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    // The rate limits are per process: each leg asks for its own addresses from its own clients.
    const address = (name: string) => `${name}-${leg.kind}@example.com`;
    const client = (n: number) => (leg.kind === 'pglite' ? `198.51.100.${n}` : `203.0.113.${n}`);
    const version = async (userId: string) => (await getSessionState(t.db, userId, 'any'))?.sessionVersion;
    const linkIn = async (to: string, skip = 0) => {
      const message = await inbox.nextTo(to, { skip });
      expect(message.subject).toBe('Reset your Motorpool password');
      const match = LINK.exec(message.text ?? '');
      expect(match, message.text).not.toBeNull();
      return match![1];
    };

    it('answers the same for an unknown address, a disabled account and a real one; only the real one gets a mail', async () => {
      const real = await createUser(t.db, { email: address('real'), password: 'forgotten password' });
      await createUser(t.db, { email: address('disabled'), password: 'forgotten password' });
      await setUserDisabled(t.db, address('disabled'), true);
      const work = deferred();
      const ask = (email: string) => requestPasswordReset({ email, ip: client(1) }, { db: t.db, mailer, defer: work.defer });

      const answers = await Promise.all([ask(address('nobody')), ask(address('disabled')), ask(address('REAL'))]);
      expect(answers).toEqual([{ requested: true }, { requested: true }, { requested: true }]);
      // Nothing was looked up or sent before the answer.
      expect((await t.db.select().from(passwordResets)).length).toBe(0);
      await work.run();

      const token = await linkIn(real.email);
      expect(inbox.countTo(address('nobody'))).toBe(0);
      expect(inbox.countTo(address('disabled'))).toBe(0);
      // Only the sha256 is stored.
      const rows = await t.db.select().from(passwordResets);
      expect(rows).toHaveLength(1);
      expect(rows[0].tokenHash).toBe(hashLinkToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);

      const audit = await listAuditEvents(t.db, { action: 'account.password_reset_requested' });
      expect(audit.events.map((e) => [e.actorEmail, e.outcome, (e.details as { reason?: string } | null)?.reason])).toEqual(
        expect.arrayContaining([
          [address('nobody'), 'failure', 'no_account'],
          [address('disabled'), 'failure', 'disabled'],
          [real.email, 'success', undefined],
        ]),
      );
    });

    it('the mailed link sets a new password once and signs the person out everywhere', async () => {
      const user = await createUser(t.db, { email: address('once'), password: 'forgotten password' });
      const before = await version(user.id);
      const work = deferred();
      await requestPasswordReset({ email: user.email, ip: client(2) }, { db: t.db, mailer, defer: work.defer });
      await work.run();
      const token = await linkIn(user.email);
      expect(await emailOfResetLink(token, t.db)).toBe(user.email);

      await resetPassword({ token, password: 'a brand new password', ip: client(2) }, t.db);
      expect(await verifyCredentials(t.db, user.email, 'a brand new password')).toBeDefined();
      expect(await verifyCredentials(t.db, user.email, 'forgotten password')).toBeUndefined();
      expect(await version(user.id)).toBe(before! + 1);

      await expect(resetPassword({ token, password: 'a second new password', ip: null }, t.db)).rejects.toMatchObject({
        code: 'RESET_INVALID',
        status: 410,
      });
      expect(await emailOfResetLink(token, t.db)).toBeUndefined();
      expect(await verifyCredentials(t.db, user.email, 'a brand new password')).toBeDefined();
      const used = await listAuditEvents(t.db, { action: 'account.password_reset', actorUserId: user.id });
      expect(used.events).toHaveLength(1);
    });

    it('a link mailed before its account was disabled does nothing', async () => {
      const user = await createUser(t.db, { email: address('disabled-later'), password: 'forgotten password' });
      const work = deferred();
      await requestPasswordReset({ email: user.email, ip: client(4) }, { db: t.db, mailer, defer: work.defer });
      await work.run();
      const token = await linkIn(user.email);
      await setUserDisabled(t.db, user.email, true);
      expect(await emailOfResetLink(token, t.db)).toBeUndefined();
      await expect(resetPassword({ token, password: 'a password anyway', ip: null }, t.db)).rejects.toMatchObject({
        code: 'RESET_INVALID',
      });
      await setUserDisabled(t.db, user.email, false);
      expect(await verifyCredentials(t.db, user.email, 'forgotten password')).toBeDefined();
      const [row] = await t.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashLinkToken(token)));
      expect(row.usedAt).toBeNull();
    });

    it('a link lives 30 minutes, and a newer one replaces it', async () => {
      const user = await createUser(t.db, { email: address('expiry'), password: 'forgotten password' });
      const asked = new Date(Date.now() - 31 * MINUTE);
      const work = deferred();
      await requestPasswordReset({ email: user.email, ip: client(3) }, { db: t.db, mailer, defer: work.defer, now: asked });
      await work.run();
      const late = await linkIn(user.email);
      const at = (minutes: number) => new Date(asked.getTime() + minutes * MINUTE);
      expect(await findOpenPasswordReset(t.db, hashLinkToken(late), at(29))).toEqual({ email: user.email });
      expect(await findOpenPasswordReset(t.db, hashLinkToken(late), at(30))).toBeUndefined();
      await expect(resetPassword({ token: late, password: 'too late password', ip: null }, t.db)).rejects.toMatchObject({
        code: 'RESET_INVALID',
      });

      await requestPasswordReset({ email: user.email, ip: client(3) }, { db: t.db, mailer, defer: work.defer });
      await work.run();
      const first = await linkIn(user.email, 1);
      await requestPasswordReset({ email: user.email, ip: client(3) }, { db: t.db, mailer, defer: work.defer });
      await work.run();
      const second = await linkIn(user.email, 2);
      expect(await emailOfResetLink(first, t.db)).toBeUndefined();
      expect(await emailOfResetLink(second, t.db)).toBe(user.email);
      expect(await verifyCredentials(t.db, user.email, 'forgotten password')).toBeDefined();
    });

    it('limits each address to 3 links in 15 minutes and each client to 10 requests, known address or not', async () => {
      await createUser(t.db, { email: address('limited'), password: 'forgotten password' });
      const ask = (email: string, ip: string) => requestPasswordReset({ email, ip }, { db: t.db, mailer, defer: () => undefined });
      for (const email of [address('limited'), address('unknown-limited')]) {
        for (let i = 0; i < 3; i++) expect(await ask(email, client(10 + i))).toEqual({ requested: true });
        await expect(ask(email, client(20))).rejects.toThrow(expect.objectContaining({ code: 'RATE_LIMITED', status: 429 }));
      }
      // A client asking for many addresses: 10, then refused, whichever addresses come next.
      for (let i = 0; i < 10; i++) await ask(address(`spray-${i}`), client(30));
      let refused: unknown;
      try {
        await ask(address('spray-next'), client(30));
      } catch (error) {
        refused = error;
      }
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429, body: { retryAfterSeconds: expect.any(Number) } });
      // IPv6 clients count by their /64.
      const v6 = leg.kind === 'pglite' ? '2001:db8:1:1' : '2001:db8:2:2';
      for (let i = 0; i < 10; i++) await ask(address(`v6-${i}`), `${v6}::${i + 1}`);
      await expect(ask(address('v6-next'), `${v6}:ffff::1`)).rejects.toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    });
  });
}

describe('forgot password without SMTP', () => {
  it('is refused, naming the operator as the way', async () => {
    await expect(requestPasswordReset({ email: 'someone@example.com', ip: null })).rejects.toThrow(
      expect.objectContaining({ code: 'RESET_BY_MAIL_UNAVAILABLE', status: 503, message: expect.stringContaining('operator') }),
    );
  });
});
