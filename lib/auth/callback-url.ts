/**
 * Where a person goes after signing in. Only a path on this very origin is followed: the
 * candidate is parsed against the origin the way a browser would parse it (backslashes, tabs and
 * newlines, `https:host`, `//host`, `/./\/host`… all resolve to their real target), anything whose
 * origin differs is dropped, and what remains is used as path, query and fragment only. Browser-safe
 * and pure: the sign-in form, next-auth's redirect callback and the page guard all use it.
 */
export const DEFAULT_CALLBACK_PATH = '/o';

export function safeCallbackPath(candidate: string | null | undefined, origin: string, fallback: string = DEFAULT_CALLBACK_PATH): string {
  if (!candidate) return fallback;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(candidate, base.origin);
  } catch {
    return fallback;
  }
  if (target.origin !== base.origin) return fallback;
  // `/.//host` parses to the pathname `//host`: same origin here, another host once used as a link.
  const path = target.pathname.replace(/^[/\\]+/, '/');
  return `${path}${target.search}${target.hash}`;
}

/** next-auth's `redirect` callback: the same rule, answered as an absolute URL on the base URL's origin. */
export function nextAuthRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  return new URL(safeCallbackPath(url, baseUrl), baseUrl).toString();
}

/** The sign-in page that brings the person back to `path` afterwards. */
export function signInUrlFor(path: string): string {
  return `/sign-in?callbackUrl=${encodeURIComponent(path)}`;
}
