/**
 * Operator commands on a user, run where the server's environment is:
 *   npm run user:disable -- someone@example.com          disable: no sign-in, every session ends
 *   npm run user:disable -- someone@example.com --enable  enable again
 *   npm run user:reset-password -- someone@example.com   print a one-time reset link (1 hour)
 *   npm run user:remove-second-factor -- someone@example.com   turn off their authenticator app,
 *     recovery codes and passkeys (a lost phone and lost codes); they sign in with the password alone again
 * No organization admin can do any of these: these need the operator's shell and database access.
 * On the embedded database (PGlite), stop the server first: only one process may open it.
 */
import { createResetLink } from '@/lib/profile/server/reset-password';
import { getDb, getDbHandle } from '@/lib/db';
import { runWithDb } from './run-with-db';
import { migrateDatabase } from '@/lib/db/migrate';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { deleteAllPasskeys } from '@/lib/db/repos/passkeys';
import { deleteTotp } from '@/lib/db/repos/second-factors';
import { setUserDisabled } from '@/lib/db/repos/sessions';
import { findUserByEmail } from '@/lib/db/repos/users';

async function main(): Promise<number> {
  const [command, email, flag] = process.argv.slice(2);
  if (!email || !['disable', 'reset-password', 'remove-second-factor'].includes(command ?? '')) {
    console.error(
      'Usage: npm run user:disable -- EMAIL [--enable] | npm run user:reset-password -- EMAIL | npm run user:remove-second-factor -- EMAIL',
    );
    return 2;
  }
  const db = getDb();
  await migrateDatabase(db);
  if (command === 'remove-second-factor') {
    const user = await findUserByEmail(db, email);
    const removedTotp = user ? await deleteTotp(db, user.id) : false;
    const removedPasskeys = user ? await deleteAllPasskeys(db, user.id) : 0;
    if (!user || (!removedTotp && removedPasskeys === 0)) {
      console.error(`No user with the email ${email} has a second factor.`);
      return 1;
    }
    await appendAuditEvent(db, {
      actorEmail: 'operator',
      action: 'auth.second_factor_removed',
      targetType: 'user',
      targetId: user.id,
      outcome: 'success',
      details: { method: removedTotp ? 'totp' : 'passkey', passkeys: removedPasskeys, confirmedWith: 'operator' },
    });
    console.log(`${email} has no second factor now: they sign in with the password alone, and can set up a new app.`);
    if (getDbHandle().kind === 'pglite') console.log('(Embedded database: start the server again to apply it.)');
    return 0;
  }
  if (command === 'disable') {
    const enable = flag === '--enable';
    const user = await setUserDisabled(db, email, !enable);
    if (!user) {
      console.error(`No user with the email ${email}.`);
      return 1;
    }
    await appendAuditEvent(db, {
      actorEmail: 'operator',
      action: enable ? 'account.enabled' : 'account.disabled',
      targetType: 'user',
      targetId: user.id,
      outcome: 'success',
    });
    console.log(enable ? `${email} is enabled again.` : `${email} is disabled; every session of theirs has ended.`);
    if (getDbHandle().kind === 'pglite') console.log('(Embedded database: start the server again to apply it.)');
    return 0;
  }
  const { url, expiresAt } = await createResetLink(db, email);
  console.log(`One-time reset link for ${email} (valid until ${expiresAt.toISOString()}):\n${url}`);
  console.log('Hand it to that person only, through a channel you trust; setting the password ends all their sessions.');
  return 0;
}

runWithDb(main);
