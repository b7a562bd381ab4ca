import { NextResponse } from 'next/server';
import { env } from '@/lib/env';

/**
 * A minor (young-generation) garbage collection, for the wrapper benchmark (bench/bff.bench.ts): run before and
 * after each round, it makes each round pay for collecting its own young garbage rather than the round
 * before it. Only with BENCH_ROUTES and a server started with --expose-gc; otherwise a 404.
 */
export function POST() {
  const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
  if (!env().BENCH_ROUTES || !gc) return new NextResponse('Not found', { status: 404 });
  gc({ type: 'minor' });
  return new NextResponse(null, { status: 204 });
}
