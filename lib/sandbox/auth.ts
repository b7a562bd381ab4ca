import 'server-only';
import { randomBytes } from 'node:crypto';
import { SCOPES } from '@/lib/contract/vehicle-api';
import { ApiError, invalid } from './errors';
import type { Organization } from './model';

const REFRESH_TTL_MS = 30 * 86_400_000;

export interface TokenGrant {
  kind: 'access' | 'refresh';
  organizationId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

export interface Caller {
  organization: Organization;
  clientId: string;
  scopes: string[];
}

const authError = (message: string) => new ApiError('AUTHENTICATION_ERROR', message);

/** Issued tokens; revoking drops them, so later use is an AUTHENTICATION_ERROR. */
export class TokenStore {
  private grants = new Map<string, TokenGrant>();
  /** Access tokens issued since start (`/_admin/stats`): how many token requests clients made. */
  issuedCount = 0;

  issue(organization: Organization, scopes: string[], now: number, ttlSeconds: number) {
    this.issuedCount += 1;
    const access = `sbx_at_${randomBytes(24).toString('base64url')}`;
    const refresh = `sbx_rt_${randomBytes(24).toString('base64url')}`;
    const base = { organizationId: organization.id, clientId: organization.clientId, scopes };
    this.grants.set(access, { ...base, kind: 'access', expiresAt: now + ttlSeconds * 1000 });
    this.grants.set(refresh, { ...base, kind: 'refresh', expiresAt: now + REFRESH_TTL_MS });
    return { access_token: access, token_type: 'Bearer', expires_in: ttlSeconds, refresh_token: refresh };
  }

  find(token: string, kind: TokenGrant['kind'], now: number): TokenGrant {
    const grant = this.grants.get(token);
    if (!grant || grant.kind !== kind)
      throw authError(kind === 'access' ? 'The access token is invalid or revoked' : 'The refresh token is invalid or revoked');
    if (grant.expiresAt <= now) throw authError(kind === 'access' ? 'The access token has expired' : 'The refresh token has expired');
    return grant;
  }

  consume(token: string): void {
    this.grants.delete(token);
  }

  revoke(organizationId?: string): void {
    if (organizationId === undefined) {
      this.grants.clear();
      return;
    }
    for (const [token, grant] of this.grants) if (grant.organizationId === organizationId) this.grants.delete(token);
  }
}

function parseBasic(header: string | null): { id: string; secret: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw authError('Malformed Basic credentials');
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** Scopes of a token: all data scopes, or those named in the optional `scope` form field (sandbox extension, for tests). */
function requestedScopes(raw: string | null): string[] {
  if (!raw || raw.trim() === '') return [...SCOPES];
  const wanted = raw.trim().split(/\s+/);
  const unknown = wanted.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw invalid(`Unknown scope: ${unknown.join(', ')}`);
  return wanted;
}

export async function handleTokenRequest(
  request: Request,
  deps: { organizations: Organization[]; tokens: TokenStore; now: number; ttlSeconds: number },
) {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw invalid('The token endpoint takes an application/x-www-form-urlencoded body');
  }
  const form = new URLSearchParams(await request.text());
  const grantType = form.get('grant_type');
  if (grantType === 'client_credentials') {
    // HTTP Basic is the way; client_id/client_secret in the body are deprecated but still accepted.
    const basic = parseBasic(request.headers.get('authorization'));
    const id = basic?.id ?? form.get('client_id');
    const secret = basic?.secret ?? form.get('client_secret');
    if (!id || !secret) throw authError('Client credentials are missing');
    const organization = deps.organizations.find((o) => o.clientId === id);
    if (!organization || organization.clientSecret !== secret) throw authError('Invalid client credentials');
    return deps.tokens.issue(organization, requestedScopes(form.get('scope')), deps.now, deps.ttlSeconds);
  }
  if (grantType === 'refresh_token') {
    const refresh = form.get('refresh_token');
    if (!refresh) throw invalid('refresh_token is required for the refresh_token grant');
    const grant = deps.tokens.find(refresh, 'refresh', deps.now);
    const organization = deps.organizations.find((o) => o.id === grant.organizationId);
    if (!organization) throw authError('The refresh token is invalid or revoked');
    deps.tokens.consume(refresh);
    return deps.tokens.issue(organization, grant.scopes, deps.now, deps.ttlSeconds);
  }
  throw invalid('grant_type must be client_credentials or refresh_token');
}

export function authenticate(request: Request, deps: { organizations: Organization[]; tokens: TokenStore; now: number }): Caller {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw authError('A bearer access token is required');
  const grant = deps.tokens.find(match[1], 'access', deps.now);
  const organization = deps.organizations.find((o) => o.id === grant.organizationId);
  if (!organization) throw authError('The access token is invalid or revoked');
  return { organization, clientId: grant.clientId, scopes: grant.scopes };
}

/** [V] a token without the scope an endpoint needs gets 401; `vehicle:all` covers every vehicle scope. */
export function requireScope(caller: Caller, scope: string): void {
  if (caller.scopes.includes(scope) || caller.scopes.includes('vehicle:all')) return;
  throw authError(`The access token lacks the ${scope} scope`);
}

export function hasScope(caller: Caller, scope: string): boolean {
  return caller.scopes.includes(scope) || caller.scopes.includes('vehicle:all');
}
