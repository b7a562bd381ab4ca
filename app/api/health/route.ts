import { NextResponse } from 'next/server';

/** Liveness for `npm start` and load balancers: no session, no data. */
export function GET() {
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
}
