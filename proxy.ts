import { NextResponse, type NextRequest } from 'next/server';
import {
  contentSecurityPolicy,
  createNonce,
  REQUEST_PATH_HEADER,
  STATIC_SECURITY_HEADERS,
  strictTransportSecurity,
} from '@/lib/security/headers';
import { appUrl, env } from '@/lib/env';

/** Adds a per-request CSP nonce and the security headers to every page and API response. */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  // NODE_ENV is inlined by Next at build time; the proxy runs before lib/env.ts is loaded.
  // eslint-disable-next-line no-restricted-properties
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development', mapStyleUrl: env().MAP_STYLE_URL });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  // The page's own path and query, so that a signed-out visit returns exactly here after sign-in.
  // Always overwritten: a client-sent value never reaches the page.
  const query = new URLSearchParams(request.nextUrl.searchParams);
  query.delete('_rsc');
  const search = query.size ? `?${query.toString()}` : '';
  requestHeaders.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${search}`);
  // Next reads the nonce for its own scripts from the request's CSP header.
  requestHeaders.set('Content-Security-Policy', csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  const hsts = strictTransportSecurity(appUrl());
  if (hsts) response.headers.set('Strict-Transport-Security', hsts);
  return response;
}

export const config = {
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico|icon.svg).*)' }],
};
