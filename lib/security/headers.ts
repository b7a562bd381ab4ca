/**
 * Security headers of every response. The page CSP carries a per-request nonce so that Next's
 * inline bootstrap scripts run and nothing else does; styles allow inline attributes because
 * React and the chart library set `style` on elements.
 */
export function contentSecurityPolicy(nonce: string, { dev = false, mapStyleUrl }: { dev?: boolean; mapStyleUrl?: string } = {}): string {
  // A real map style (MAP_STYLE_URL) fetches its style, tiles, glyphs and sprites from its origin.
  const map = mapStyleUrl ? ` ${new URL(mapStyleUrl).origin}` : '';
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${map}`,
    `font-src 'self' data:`,
    `connect-src 'self'${dev ? ' ws:' : ''}${map}`,
    // MapLibre runs its tile parsing in a worker it starts from a blob.
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Request header the proxy sets to the page's path and query (read by the sign-in redirect). */
export const REQUEST_PATH_HEADER = 'x-motorpool-path';

/**
 * HSTS once the public origin (APP_URL) is https: browsers then refuse plain http to this host
 * for a year. Never on an http origin, where it would be meaningless or lock out a local setup.
 */
export function strictTransportSecurity(publicOrigin: string): string | undefined {
  return publicOrigin.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : undefined;
}
