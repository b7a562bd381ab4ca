import { NextResponse } from 'next/server';
import { checkReadiness } from '@/lib/ops/server/check-readiness';

export const dynamic = 'force-dynamic';

/** Readiness for load balancers: 200 when this instance should take traffic, 503 otherwise. */
export async function GET() {
  const readiness = await checkReadiness();
  return NextResponse.json(readiness, { status: readiness.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
