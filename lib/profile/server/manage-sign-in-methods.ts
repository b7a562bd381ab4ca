import 'server-only';
import { oidcEnabled } from '@/lib/auth/options';
import { configuredOidcIssuer, setLinkIntentCookie } from '@/lib/auth/server/sso-link';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { hasSsoIdentityOfIssuer, listSsoIdentities, removePassword, removeSsoIdentity } from '@/lib/db/repos/sso-identities';
import { findUserById } from '@/lib/db/repos/users';
import { AppError } from '@/lib/errors/app-error';
import type { RemoveSignInMethodInput } from '@/lib/profile/schemas';
import type { SignInMethodsView } from '@/lib/profile/sign-in-methods';

type Person = { user: { id: string; email: string }; ip: string | null };

export async function getSignInMethods(userId: string, db: Db = getDb(), ssoAvailable = oidcEnabled()): Promise<SignInMethodsView> {
  const [user, identities] = await Promise.all([findUserById(db, userId), listSsoIdentities(db, userId)]);
  return {
    password: user?.hasPassword ? { setByLink: user.passwordSetByLink } : null,
    sso: identities.map((i) => ({
      id: i.id,
      issuer: i.issuer,
      email: i.emailAtBinding,
      linkedAt: i.createdAt.toISOString(),
      lastUsedAt: i.lastUsedAt?.toISOString() ?? null,
    })),
    ssoAvailable,
  };
}

/**
 * Removes a sign-in method and ends every session of the person (whoever else held it is out).
 * Never the last one, and never single sign-on when only a password someone set through a link
 * would be left (lib/db/repos/sso-identities.ts). Removing the password needs no current password:
 * that is how a person signed in with single sign-on takes back an account a link holder set one on.
 */
export async function removeSignInMethod(
  input: Person & { method: RemoveSignInMethodInput },
  db: Db = getDb(),
): Promise<{ removed: true }> {
  const { user, method } = input;
  const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    appendAuditEvent(db, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: outcome === 'success' ? 'account.sign_in_method_removed' : 'account.sign_in_method_remove_failed',
      outcome,
      details: { method: method.method, ...details },
      ip: input.ip,
    });
  try {
    if (method.method === 'password') await removePassword(db, user.id);
    else await removeSsoIdentity(db, user.id, method.id);
  } catch (error) {
    if (error instanceof AppError) await audit('failure', { reason: error.code });
    throw error;
  }
  await audit('success', {});
  return { removed: true };
}

/**
 * Starts linking single sign-on for the signed-in person: a short-lived sealed cookie says who is
 * linking, and the browser then goes through the identity provider.
 */
export async function startSsoLink(input: Person, db: Db = getDb()): Promise<{ started: true }> {
  const issuer = configuredOidcIssuer();
  if (!issuer || !oidcEnabled()) throw new AppError('CONFLICT', 'Single sign-on is not set up on this server.');
  if (await hasSsoIdentityOfIssuer(db, input.user.id, issuer)) {
    throw new AppError('CONFLICT', 'Single sign-on is linked already. Remove it first to link another identity.');
  }
  await setLinkIntentCookie(input.user.id);
  return { started: true };
}
