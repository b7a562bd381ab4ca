import 'server-only';
import { randomBytes } from 'node:crypto';
import type { AuthOptions } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { getDb } from '@/lib/db';
import { getSessionState, recordSession, revokeSession, sessionVersionForSignIn } from '@/lib/db/repos/sessions';
import { findSsoIdentity } from '@/lib/db/repos/sso-identities';
import { findUserById } from '@/lib/db/repos/users';
import { configuredOidcIssuer, linkingUserOfRequest } from './server/sso-link';
import { env, publicOriginIsHttps } from '@/lib/env';
import { nextAuthRedirect } from './callback-url';
import { getAuthSecret } from '@/lib/crypto/auth-secret';
import { absoluteExpiry, SECURE_SESSION_COOKIE, sessionClaimsOf, sessionIsCurrent } from './session-token';
import { clearPendingSsoCookie, pendingSsoOfRequest, setPendingSsoCookie, ssoCallbackUrlOfRequest } from './server/sso-second-factor';
import {
  admitOidcUser,
  authorizeCredentials,
  authorizeSsoSecondFactor,
  clientIpFromHeaders,
  SecondFactorError,
  SIGN_IN_ERRORS,
  SignInThrottledError,
} from './sign-in';
import { logger } from '@/lib/ops/log';
import { signInOrigin } from './server/session-activity';

type OidcProfile = { sub: string; email?: string; email_verified?: boolean; name?: string; preferred_username?: string };

/**
 * Sessions are JWTs (any instance serves any request) that live `SESSION_MAX_AGE_HOURS` (12) from
 * sign-in: renewal by /api/auth/session re-issues the cookie but never past that point.
 */
const sessionMaxAgeSeconds = () => env().SESSION_MAX_AGE_HOURS * 60 * 60;

/**
 * The jwt callback. At sign-in the token gets Motorpool's user id, a fresh session id (`sid`,
 * which sign-out records as ended), the user's session version (`sv`, bumped to end every
 * session) and the sign-in time (`sat`); the session is recorded with the device and address it
 * signed in from. On renewal, a token past its absolute lifetime, one
 * without these claims (issued before sessions could be ended), or one of a session that has
 * ended since, is refused: next-auth then clears the cookie.
 */
export async function sessionJwt(
  {
    token,
    user,
    account,
  }: { token: JWT; user?: { id: string; email?: string | null } | null; account?: { provider: string; providerAccountId?: string } | null },
  now = () => Date.now(),
  origin = signInOrigin,
): Promise<JWT> {
  if (user) {
    const db = getDb();
    // For OIDC, `user.id` is the provider's subject: the session carries the id of the row that
    // subject is bound to (by admitOidcUser, just before), never of a row found by email.
    const uid = account?.provider === 'oidc' ? await boundUserId(db, account.providerAccountId) : user.id;
    const sv = uid ? await sessionVersionForSignIn(db, uid) : undefined;
    if (!uid || sv === undefined) throw new Error('No session for this user');
    const sid = randomBytes(24).toString('base64url');
    const sat = Math.floor(now() / 1000);
    // Listed on the account page ("Where you're signed in") until it ends.
    await recordSession(
      db,
      { sid, userId: uid, sessionVersion: sv, ...(await origin()), expiresAt: new Date(absoluteExpiry(sat, sessionMaxAgeSeconds())) },
      new Date(now()),
    );
    return { ...token, uid, sid, sv, sat };
  }
  const claims = sessionClaimsOf(token);
  if (!claims || absoluteExpiry(claims.signedInAt, sessionMaxAgeSeconds()) <= now()) throw new Error('Session ended');
  // Renewal is rare (not on the hot path): an ended session gets no fresh cookie either.
  if (!sessionIsCurrent(claims, await getSessionState(getDb(), claims.userId, claims.sid))) throw new Error('Session ended');
  return token;
}

async function boundUserId(db: ReturnType<typeof getDb>, subject: string | undefined): Promise<string | undefined> {
  const issuer = configuredOidcIssuer();
  if (!issuer || !subject) return undefined;
  return (await findSsoIdentity(db, issuer, subject))?.userId;
}

function oidcProvider(): OAuthConfig<OidcProfile> | undefined {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = env();
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return undefined;
  return {
    id: 'oidc',
    name: 'Single sign-on',
    type: 'oauth',
    wellKnown: `${OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    checks: ['pkce', 'state'],
    profile(profile) {
      return { id: profile.sub, email: profile.email?.toLowerCase() ?? null, name: profile.name ?? profile.preferred_username ?? null };
    },
  };
}

function buildAuthOptions(): AuthOptions {
  const oidc = oidcProvider();
  return {
    secret: getAuthSecret(),
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds() },
    // Secure cookie names exactly when the public origin is https; the session's is `__Host-`
    // (lib/auth/session-token.ts reads the same): no sibling subdomain can plant one.
    useSecureCookies: publicOriginIsHttps(),
    ...(publicOriginIsHttps() && {
      cookies: {
        sessionToken: { name: SECURE_SESSION_COOKIE, options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true } },
      },
    }),
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
          code: { label: 'Authentication code', type: 'text' },
          passkey: { label: 'Passkey', type: 'text' },
          /** '1' for the code step of a single sign-on interrupted for the second factor (no email or password). */
          sso: { label: 'Single sign-on', type: 'text' },
        },
        async authorize(credentials, request) {
          try {
            const ip = clientIpFromHeaders(request?.headers);
            if (credentials?.sso) {
              const user = await authorizeSsoSecondFactor(getDb(), credentials, ip, await pendingSsoOfRequest());
              await clearPendingSsoCookie();
              return user;
            }
            return await authorizeCredentials(getDb(), credentials ?? {}, ip);
          } catch (error) {
            // next-auth puts a thrown message into the redirect URL: only our own codes may go there.
            if (error instanceof SignInThrottledError || error instanceof SecondFactorError) throw error;
            logger().error({ event: 'auth.sign_in_failed', err: error }, 'sign-in failed on the server');
            throw new Error(SIGN_IN_ERRORS.unavailable);
          }
        },
      }),
      ...(oidc ? [oidc] : []),
    ],
    callbacks: {
      // Only a path on our own origin, parsed as a browser would (lib/auth/callback-url.ts).
      async redirect(params) {
        return nextAuthRedirect(params);
      },
      async signIn({ user, account, profile }) {
        // A user an operator disabled signs in with nothing (the password was right: say no more).
        if (account?.provider !== 'oidc') return !(await findUserById(getDb(), user.id))?.disabledAt;
        const p = profile as OidcProfile | undefined;
        const admitted = await admitOidcUser(
          getDb(),
          { issuer: configuredOidcIssuer() ?? '', subject: p?.sub ?? '', email: p?.email, emailVerified: p?.email_verified, name: p?.name },
          null,
          { linkingUserId: await linkingUserOfRequest() },
        );
        // A refusal names its reason for the sign-in page (a string is where next-auth redirects).
        if ('refused' in admitted) return `/sign-in?error=${admitted.refused}`;
        // An account with a second factor: no session yet; the page asks for the code, and the
        // credentials provider finishes the sign-in with it (authorizeSsoSecondFactor).
        if ('secondFactorPending' in admitted) {
          await setPendingSsoCookie(admitted.secondFactorPending);
          const back = await ssoCallbackUrlOfRequest();
          return `/sign-in?error=${SIGN_IN_ERRORS.secondFactorRequired}&via=sso${back ? `&callbackUrl=${encodeURIComponent(back)}` : ''}`;
        }
        return true;
      },
      jwt: ({ token, user, account }) => sessionJwt({ token, user, account }),
      async session({ session, token }) {
        if (token.uid) session.user = { ...session.user, id: token.uid };
        return session;
      },
    },
    events: {
      /** Sign-out ends the session on the server: a copy of the cookie opens nothing afterwards. */
      async signOut({ token }) {
        const claims = sessionClaimsOf(token);
        if (!claims) return;
        await revokeSession(getDb(), {
          sid: claims.sid,
          userId: claims.userId,
          expiresAt: new Date(absoluteExpiry(claims.signedInAt, sessionMaxAgeSeconds())),
        });
      },
    },
  };
}

let cached: AuthOptions | undefined;

/**
 * next-auth's options, built on first call (request time), never at import: a build imports
 * the route module without an environment or a database.
 */
export function authOptions(): AuthOptions {
  cached ??= buildAuthOptions();
  return cached;
}

/** Whether the single sign-on button should show. */
export function oidcEnabled(): boolean {
  return oidcProvider() !== undefined;
}
