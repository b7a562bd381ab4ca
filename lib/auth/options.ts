import 'server-only';
import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { getDb } from '@/lib/db';
import { findUserByEmail } from '@/lib/db/repos/users';
import { env, publicOriginIsHttps } from '@/lib/env';
import { nextAuthRedirect } from './callback-url';
import { getAuthSecret } from './secret';
import { admitOidcUser, authorizeCredentials, clientIpFromHeaders, SIGN_IN_ERRORS, SignInThrottledError } from './sign-in';

type OidcProfile = { sub: string; email?: string; email_verified?: boolean; name?: string; preferred_username?: string };

/** Sessions are JWTs (any instance serves any request); twelve hours, then sign in again. */
const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

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
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    // The `__Secure-` cookie names exactly when the public origin is https (lib/auth/session-token.ts reads the same).
    useSecureCookies: publicOriginIsHttps(),
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, request) {
          try {
            return await authorizeCredentials(getDb(), credentials ?? {}, clientIpFromHeaders(request?.headers));
          } catch (error) {
            // next-auth puts a thrown message into the redirect URL: only our own codes may go there.
            if (error instanceof SignInThrottledError) throw error;
            console.error('Sign-in failed on the server', error);
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
      async signIn({ account, profile }) {
        if (account?.provider !== 'oidc') return true;
        const p = profile as OidcProfile | undefined;
        return (await admitOidcUser(getDb(), { email: p?.email, emailVerified: p?.email_verified, name: p?.name })) !== null;
      },
      async jwt({ token, user, account }) {
        if (user) {
          // For OIDC, `user.id` is the provider's subject; the session carries Motorpool's id.
          token.uid = account?.provider === 'oidc' ? (user.email ? (await findUserByEmail(getDb(), user.email))?.id : undefined) : user.id;
        }
        return token;
      },
      async session({ session, token }) {
        if (token.uid) session.user = { ...session.user, id: token.uid };
        return session;
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
