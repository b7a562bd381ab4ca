import 'server-only';
import { invalidField, validationFailed } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db';
import { updateOrganizationCredentials, type PublicOrganization } from '@/lib/db/repos/organizations';
import { usesEmbeddedSandbox } from '@/lib/env';
import type { CredentialsInput } from '@/lib/settings/schemas';
import { checkUpstreamBaseUrl, resolvedAddressProblem, upstreamHostPolicy } from '@/lib/vehicle-api/upstream-host-policy';

/** The same base URL however it is spelled (case of the host, trailing slash). */
function sameBaseUrl(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const canonical = (raw: string) => {
    try {
      return new URL(raw).href.replace(/\/+$/, '');
    } catch {
      return raw;
    }
  };
  return canonical(a) === canonical(b);
}

/**
 * Saves an organization's upstream credentials. A custom base URL must name a host the
 * operator allows, over https (loopback http only in development), resolving to public
 * addresses only. Whenever the base URL changes, the client secret must be entered again: the
 * stored secret never follows a new URL to a host that could collect it.
 */
export async function updateCredentials(org: PublicOrganization, input: CredentialsInput) {
  if (input.environment === 'embedded' && !usesEmbeddedSandbox()) {
    throw invalidField('environment', 'Not available here', { message: 'The embedded sandbox is not available on this server.' });
  }
  // Every problem at once, each on its field.
  const fields: { path: keyof CredentialsInput; message: string }[] = [];
  let apiBaseUrl: string | null = null;
  if (input.environment === 'custom') {
    apiBaseUrl = (input.baseUrl ?? '').trim();
    const policy = upstreamHostPolicy();
    const verdict = checkUpstreamBaseUrl(apiBaseUrl, policy);
    const problem = !verdict.ok
      ? verdict.message
      : verdict.trustedByOperator
        ? undefined
        : await resolvedAddressProblem(verdict.url.hostname, policy.allowLoopback);
    if (problem) fields.push({ path: 'baseUrl', message: problem });
  }
  const secret = input.clientSecret || undefined;
  if (!sameBaseUrl(org.apiBaseUrl, apiBaseUrl) && !secret) {
    fields.push({ path: 'clientSecret', message: 'Enter the client secret again: it is required whenever the base URL changes' });
  }
  if (fields[0]) throw validationFailed(fields, { message: fields[0].message });
  const updated = await updateOrganizationCredentials(getDb(), org.id, { apiBaseUrl, clientId: input.clientId, clientSecret: secret });
  return {
    environment: updated.apiBaseUrl === null ? 'embedded' : 'custom',
    baseUrl: updated.apiBaseUrl,
    clientId: updated.clientId,
    updatedAt: updated.updatedAt,
  };
}
