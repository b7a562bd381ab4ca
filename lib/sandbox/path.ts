/**
 * The one reading of a request path inside the sandbox, shared by its router and by the console's
 * `/sandbox/_admin` guard so that the two can never disagree about which route a path reaches:
 * the base path removed, percent-decoded once (so `%5F` is `_` and `%2F` a separator), empty and
 * `.` segments dropped, `..` segments applied. Null when the path is outside the base path or
 * its encoding is malformed.
 */
export function sandboxPath(pathname: string, basePath: string): string | null {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(basePath.length));
  } catch {
    return null;
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** The sandbox's admin API (faults, resets, client secrets), in any letter case. */
export function isSandboxAdminPath(path: string): boolean {
  return /^\/_admin(\/|$)/i.test(path);
}
