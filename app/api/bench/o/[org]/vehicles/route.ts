import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { benchUpstream } from '@/lib/org/bench-upstream';

/**
 * The baseline of the wrapper benchmark (bench/bff.bench.ts): the same upstream read as
 * GET /api/o/{org}/vehicles, with no session, membership, permission, validation or client. The
 * same shape of path, so Next's matching of the dynamic `[org]` segment is paid by both.
 * It exists only when BENCH_ROUTES is set; otherwise it is a 404 like any unknown path.
 */
let upstream: ReturnType<typeof benchUpstream> | undefined;

export async function GET(request: NextRequest, { params }: RouteContext<'/api/bench/o/[org]/vehicles'>) {
  if (!env().BENCH_ROUTES) return new NextResponse('Not found', { status: 404 });
  upstream ??= benchUpstream((await params).org);
  const { baseUrl, token } = await upstream;
  const size = Number(request.nextUrl.searchParams.get('maxPageSize') ?? 20);
  if (!Number.isInteger(size) || size < 1 || size > 100)
    return NextResponse.json({ error: 'maxPageSize must be 1 to 100' }, { status: 400 });
  const response = await fetch(`${baseUrl}/v1/vehicles?maxPageSize=${size}`, { headers: { Authorization: `Bearer ${token}` } });
  return NextResponse.json(await response.json(), { status: response.status });
}
