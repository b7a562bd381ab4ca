import 'server-only';
import { getDb } from '@/lib/db';
import { getOrganizationBySlug, getOrganizationCredentials, type PublicOrganization } from '@/lib/db/repos/organizations';

/** The organization a bench baseline reads for, looked up once: the wrapper's membership read is what is measured. */
export async function benchOrganization(slug: string): Promise<PublicOrganization> {
  const org = await getOrganizationBySlug(getDb(), slug);
  if (!org) throw new Error(`The bench needs the organization ${slug}`);
  return org;
}

/**
 * The wrapper benchmark's raw baseline (app/api/bench): the organization's base URL and a token
 * from its stored credentials, with nothing of the client (no token cache, retries, breaker).
 */
export async function benchUpstream(slug: string): Promise<{ baseUrl: string; token: string }> {
  const org = await benchOrganization(slug);
  const credentials = await getOrganizationCredentials(getDb(), org.id);
  if (!credentials?.apiBaseUrl) throw new Error('The bench needs an organization with a base URL');
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
  const response = await fetch(`${credentials.apiBaseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { baseUrl: credentials.apiBaseUrl, token };
}
