import 'server-only';

/**
 * A map picture's answer: the same address gives the same picture (its points, or the reading time
 * of the positions, are in it), so the browser keeps it a day. The picture holds no script and loads
 * nothing; its policy says so to a browser that opens it on its own.
 */
export function svgPicture(svg: string): Response {
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'private, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
