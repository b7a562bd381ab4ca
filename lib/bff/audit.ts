import 'server-only';
import type { NextRequest } from 'next/server';
import { clientAddressFromHeaders, DIRECT_BUCKET } from '@/lib/auth/server/client-address';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import type { OrgAccess } from '@/lib/org/org-access';
import { answeredError } from './error-response';

export type AuditTarget = { type?: string; id?: string };

/**
 * What a route records: the action name, how to find its target, and details worth keeping.
 * Typed by the route's parsed params and body and by its handler's result, so no route casts.
 */
export type AuditSpec<P = unknown, B = unknown, R = unknown> = {
  action: string;
  target?: (input: { params: P; body: B }) => AuditTarget;
  /** For a target that exists only once the handler ran (a created record); merged over `target` on success. */
  resultTarget?: (result: R) => AuditTarget;
  details?: (input: { params: P; body: B; result: R }) => Record<string, unknown> | undefined;
};

type Outcome = {
  outcome: 'success' | 'failure';
  target: AuditTarget;
  upstreamRequestId?: string;
  request: NextRequest;
  params?: unknown;
  body?: unknown;
  result?: unknown;
  error?: unknown;
};

/** The client's address through TRUST_PROXY_HOPS trusted proxies (lib/auth/server/client-address.ts). */
export function clientIp(request: { headers: { get(name: string): string | null } }): string | null {
  const address = clientAddressFromHeaders(request.headers, env().TRUST_PROXY_HOPS);
  return address === DIRECT_BUCKET ? null : address;
}

function credentialDetails(access: OrgAccess): Record<string, unknown> {
  const credential = access.credential;
  if (!credential) return {};
  return { apiCredential: { id: credential.id, name: credential.name, prefix: credential.prefix, createdBy: access.user.email } };
}

export async function recordAudit<P, B, R>(access: OrgAccess, spec: AuditSpec<P, B, R>, outcome: Outcome): Promise<void> {
  const errorDetails = outcome.error instanceof Error ? { error: answeredError(outcome.error) } : {};
  const details =
    outcome.outcome === 'success'
      ? spec.details?.({ params: outcome.params as P, body: outcome.body as B, result: outcome.result as R })
      : undefined;
  await appendAuditEvent(getDb(), {
    organizationId: access.org.id,
    actorUserId: access.user.id,
    // A program's entry names its credential (the column is stored in lower case); the creator is in the details.
    actorEmail: access.credential ? `api credential ${access.credential.prefix} (${access.credential.name})` : access.user.email,
    action: spec.action,
    targetType: outcome.target.type ?? null,
    targetId: outcome.target.id ?? null,
    outcome: outcome.outcome,
    upstreamRequestId: outcome.upstreamRequestId ?? null,
    details: { ...details, ...errorDetails, ...credentialDetails(access) },
    ip: clientIp(outcome.request),
  });
}
