import { NextResponse, type NextRequest } from 'next/server';
import { GET as wrappedGet } from '@/app/api/o/[org]/vehicles/route';
import { env } from '@/lib/env';

/**
 * GET /api/o/{org}/vehicles itself (the same wrapped handler), served from beside the bare
 * baselines of the wrapper benchmark (bench/bff.bench.ts). Next finds a dynamic route by testing
 * each route's pattern in turn, and the bare routes come far earlier in that order than the
 * console's route (the benchmark prints both places): served from here, the wrapped route pays the same search, so the difference is
 * the wrapper's alone. Only with BENCH_ROUTES; otherwise a 404 like any unknown path.
 */
export async function GET(request: NextRequest, context: RouteContext<'/api/bench/o/[org]/vehicles/wrapped'>) {
  if (!env().BENCH_ROUTES) return new NextResponse('Not found', { status: 404 });
  return wrappedGet(request, context);
}
