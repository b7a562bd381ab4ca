import 'server-only';
import { getDb } from '@/lib/db';
import { getOrganizationBySlug, getOrganizationCredentials } from '@/lib/db/repos/organizations';

/**
 * The wrapper benchmark's baseline (app/api/bench): the organization's base URL and a token from
 * its stored credentials, with nothing of the client (no token cache, retries, breaker).
 */
export async function benchUpstream(slug: string): Promise<{ baseUrl: string; token: string }> {
  const db = getDb();
  const org = await getOrganizationBySlug(db, slug);
  const credentials = org ? await getOrganizationCredentials(db, org.id) : undefined;
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
