import { NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { getOrganizationBySlug, getOrganizationCredentials } from '@/lib/db/repos/organizations';
import { env } from '@/lib/env';

/**
 * The baseline of the wrapper benchmark (bench/bff.bench.ts): the same upstream read as
 * GET /api/o/{org}/vehicles, with no session, membership, permission, validation or client. The
 * same shape of path, so Next's matching of the dynamic `[org]` segment is paid by both.
 * It exists only when BENCH_ROUTES is set; otherwise it is a 404 like any unknown path.
 */
type Upstream = { baseUrl: string; token: string };
let upstream: Promise<Upstream> | undefined;

async function connect(slug: string): Promise<Upstream> {
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

export async function GET(request: NextRequest, { params }: RouteContext<'/api/bench/o/[org]/vehicles'>) {
  if (!env().BENCH_ROUTES) return new NextResponse('Not found', { status: 404 });
  upstream ??= connect((await params).org);
  const { baseUrl, token } = await upstream;
  const size = Number(request.nextUrl.searchParams.get('maxPageSize') ?? 20);
  if (!Number.isInteger(size) || size < 1 || size > 100)
    return NextResponse.json({ error: 'maxPageSize must be 1 to 100' }, { status: 400 });
  const response = await fetch(`${baseUrl}/v1/vehicles?maxPageSize=${size}`, { headers: { Authorization: `Bearer ${token}` } });
  return NextResponse.json(await response.json(), { status: response.status });
}
