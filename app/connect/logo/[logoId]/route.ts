import { readLogo } from '@/lib/connect/server/owner-face';

const LOGO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An organization's logo for the owner's landing page: public (owners have no session), by its
 * random id, which names no organization and changes with each upload. Only the checked raster
 * types are stored; nosniff and a CSP that allows nothing keep the browser from reading it as
 * anything else. An unknown id is a plain 404, the same as a malformed one.
 */
export async function GET(_request: Request, { params }: RouteContext<'/connect/logo/[logoId]'>) {
  const { logoId } = await params;
  const logo = LOGO_ID.test(logoId) ? await readLogo(logoId) : undefined;
  if (!logo)
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      'Content-Type': logo.type,
      'Content-Length': String(logo.bytes.length),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
}
