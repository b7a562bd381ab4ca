import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { benchOrganization, benchUpstream } from '@/lib/org/bench-upstream';
import { listVehicles } from '@/lib/vehicles/server/list-vehicles';

/**
 * The baselines of the wrapper benchmark (bench/bff.bench.ts), beside GET /api/o/{org}/vehicles.
 * With `verb=1`: that route's own verb (listVehicles: the typed client, the battery-health join)
 * with nothing of the wrapper (session, membership, permission, validation, deadline,
 * observation), so the difference is the wrapper's. Without: the raw upstream read, with nothing
 * of the client either. It exists only when BENCH_ROUTES is set; otherwise it is a 404 like any
 * unknown path.
 */
let upstream: ReturnType<typeof benchUpstream> | undefined;
let organization: ReturnType<typeof benchOrganization> | undefined;

export async function GET(request: NextRequest, { params }: RouteContext<'/api/bench/o/[org]/vehicles'>) {
  if (!env().BENCH_ROUTES) return new NextResponse('Not found', { status: 404 });
  const search = request.nextUrl.searchParams;
  const size = Number(search.get('maxPageSize') ?? 20);
  if (!Number.isInteger(size) || size < 1 || size > 100)
    return NextResponse.json({ error: 'maxPageSize must be 1 to 100' }, { status: 400 });
  if (search.get('verb') === '1') {
    organization ??= benchOrganization((await params).org);
    const page = await listVehicles(await organization, {
      pageSize: size,
      pageToken: undefined,
      filter: undefined,
      tagKey: undefined,
      tagValue: undefined,
      charging: undefined,
      plugged: undefined,
      alerts: undefined,
    });
    return NextResponse.json(page, { headers: { 'Cache-Control': 'no-store' } });
  }
  upstream ??= benchUpstream((await params).org);
  const { baseUrl, token } = await upstream;
  const response = await fetch(`${baseUrl}/v1/vehicles?maxPageSize=${size}`, { headers: { Authorization: `Bearer ${token}` } });
  return NextResponse.json(await response.json(), { headers: { 'Cache-Control': 'no-store' }, status: response.status });
}
