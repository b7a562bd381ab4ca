import { NextResponse } from 'next/server';
import { buildInfo } from '@/lib/ops/server/build-info';

export const dynamic = 'force-dynamic';

/** Liveness for `npm start` and load balancers: no session, no data, no database. */
export function GET() {
  return NextResponse.json(buildInfo(), { headers: { 'Cache-Control': 'no-store' } });
}
