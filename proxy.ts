import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from '@/lib/security/headers';

/** Adds a per-request CSP nonce and the security headers to every page and API response. */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  // NODE_ENV is inlined by Next at build time; the proxy runs before lib/env.ts is loaded.
  // eslint-disable-next-line no-restricted-properties
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development' });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  // Next reads the nonce for its own scripts from the request's CSP header.
  requestHeaders.set('Content-Security-Policy', csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico|icon.svg).*)' }],
};
