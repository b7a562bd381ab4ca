import 'server-only';
import { BlockList, isIP } from 'node:net';
import type { NextRequest } from 'next/server';
import { apiScopePermissions, roleCovering } from '@/lib/auth/permissions';
import { hashApiCredentialSecret, looksLikeApiCredentialSecret } from '@/lib/crypto/api-credential-secret';
import { getDbHandle, type DbHandle } from '@/lib/db';
import { createGenerationCache } from '@/lib/db/generation-cache';
import {
  authenticateApiCredential,
  findApiCredentialBySecretHash,
  type CredentialForRequest,
  type RateTake,
} from '@/lib/db/repos/api-credentials';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { noteLocalUse, takeLocalToken } from './api-credential-usage';
import { clientIp } from './audit';

/**
 * A program's way in: `Authorization: Bearer mp_...`, an organization's console API credential.
 * No cookie and no origin check (a program has neither); the session path never sees a bearer.
 * Every refusal has its own stable code. With PostgreSQL the database is asked on every request
 * (one read, one write for the shared bucket), so a revocation on one instance holds on every
 * other at the next request. With PGlite, whose one process writes everything, the credential is
 * cached until a write to api_credentials (a revocation included) and its bucket kept in memory.
 */

const SESSION_COOKIE = /^(?:__Host-|__Secure-)?next-auth\.session-token(?:\.\d+)?$/;

/**
 * The bearer secret of the request, or undefined when it has no Authorization header (a person's
 * request). A request with both a bearer and a session cookie is refused: which one acts would
 * be a guess, and a page's script must not borrow a program's rights or the reverse.
 */
export function bearerSecretOf(request: NextRequest): string | undefined {
  const header = request.headers.get('authorization');
  if (header === null) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('API_CREDENTIAL_INVALID', 'Send the API credential as "Authorization: Bearer <secret>".');
  if (request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name))) {
    throw new AppError('AMBIGUOUS_AUTHENTICATION', 'Send either an API credential or a session cookie, not both.');
  }
  return match[1];
}

/** Whether `address` is one of the allowed addresses or CIDR blocks (an empty list allows any). */
export function addressAllowed(allowed: readonly string[], address: string | null): boolean {
  if (allowed.length === 0) return true;
  if (!address || !isIP(address)) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [network, bits] = entry.split('/');
    const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(network, family);
    else list.addSubnet(network, Number(bits), family);
  }
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const credentialCache = createGenerationCache<CredentialForRequest>();

const unknownCredential = () => new AppError('API_CREDENTIAL_INVALID', 'This API credential is not known.');
const throwUnknown = (): never => {
  throw unknownCredential();
};

/** The refusals before the bucket, in this order: revoked, expired, another organization's, creator gone or no longer a member, address. */
function refuseUnusable(found: CredentialForRequest, slug: string, now: Date, addressOk: boolean, ip: string | null): void {
  const { credential, organization, creator } = found;
  if (credential.revokedAt) throw new AppError('API_CREDENTIAL_REVOKED', 'This API credential was revoked.');
  if (credential.expiresAt && credential.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('API_CREDENTIAL_EXPIRED', `This API credential expired at ${credential.expiresAt.toISOString()}.`);
  }
  if (organization.slug !== slug) throw new AppError('NOT_FOUND', 'Not found.');
  if (!creator || creator.disabledAt) {
    throw new AppError('API_CREDENTIAL_INVALID', 'The person who created this API credential no longer has an account.');
  }
  if (!creator.member) {
    throw new AppError('API_CREDENTIAL_INVALID', 'The person who created this API credential is no longer a member of this organization.');
  }
  if (!addressOk)
    throw new AppError('API_CREDENTIAL_ADDRESS_REFUSED', `This API credential may not be used from ${ip ?? 'an unknown address'}.`);
}

/** What a rate-limited answer and a granted one both carry: the RateLimit-* headers of the bucket. */
export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

/**
 * The organization access a bearer credential opens for the organization in the URL. Refused,
 * in this order: an unknown secret (401), a revoked one (401), an expired one (401), another
 * organization's (404, as a person who is not a member), a creator who no longer exists, was
 * disabled or was removed from the organization (401), an address outside the allowed list (403), an empty bucket (429).
 */
export async function loadBearerAccess(
  request: NextRequest,
  slug: string,
  secret: string,
  options: { handle?: Pick<DbHandle, 'db' | 'accessGeneration'>; now?: Date; onRateLimit?: (state: RateLimitState) => void } = {},
): Promise<OrgAccess> {
  const { db, accessGeneration } = options.handle ?? getDbHandle();
  const now = options.now ?? new Date();
  const hash = looksLikeApiCredentialSecret(secret) ? hashApiCredentialSecret(secret) : undefined;
  if (!hash) throw unknownCredential();
  const ip = clientIp(request);
  let found: CredentialForRequest;
  let take: RateTake;
  if (accessGeneration) {
    found = (await credentialCache.get(hash, accessGeneration(), () => findApiCredentialBySecretHash(db, hash))) ?? throwUnknown();
    refuseUnusable(found, slug, now, addressAllowed(found.credential.allowedAddresses, ip), ip);
    take = takeLocalToken(found.credential.id, found.credential.ratePerMinute, now.getTime());
    if (take.taken) await noteLocalUse(db, found.credential.id, ip, now);
  } else {
    const checked = await authenticateApiCredential(db, { secretHash: hash, slug, ip: ip && isIP(ip) ? ip : null, now });
    found = checked ?? throwUnknown();
    refuseUnusable(found, slug, now, checked!.addressAllowed, ip);
    // Usable by every check above yet not taken: the database's clock and ours disagree on an expiry.
    take = checked!.take ?? { taken: false, retryAfterMs: 1000, limit: found.credential.ratePerMinute };
  }
  const { credential, organization, creator } = found;
  if (!take.taken) {
    const retryAfterSeconds = Math.ceil(take.retryAfterMs / 1000);
    options.onRateLimit?.({ limit: take.limit, remaining: 0, resetSeconds: retryAfterSeconds });
    throw new AppError(
      'API_CREDENTIAL_RATE_LIMITED',
      `This API credential's limit is ${take.limit} requests a minute; try again in ${retryAfterSeconds} s.`,
      {
        retryAfterSeconds,
      },
    );
  }
  options.onRateLimit?.({
    limit: take.limit,
    remaining: take.remaining,
    resetSeconds: Math.ceil(((take.limit - take.remaining) * 60) / take.limit),
  });
  const permissions = apiScopePermissions(credential.scope, credential.permissions);
  return {
    user: { id: creator!.id, email: creator!.email },
    org: organization,
    role: roleCovering(permissions),
    credential: { id: credential.id, name: credential.name, prefix: credential.prefix, permissions },
  };
}

/** The RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), set on every bearer answer. */
export function setRateLimitHeaders(response: Response, state: RateLimitState): void {
  const fields = {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
    'RateLimit-Policy': `${state.limit};w=60`,
  };
  try {
    for (const [name, value] of Object.entries(fields)) response.headers.set(name, value);
  } catch {
    // A response with immutable headers (a proxied one) keeps its own.
  }
}
