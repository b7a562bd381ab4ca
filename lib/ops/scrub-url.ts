/**
 * URLs as they may leave the process in telemetry: without their query string and fragment (an
 * OAuth `code`, a connect `state`), without user info, and with any path segment that is or looks
 * like a secret replaced by {@link REDACTED_SEGMENT}. A route template (`/invite/[token]`) passes
 * unchanged, so scrubbing a value twice, or a template, changes nothing.
 */
export const REDACTED_SEGMENT = '[redacted]';

/** The segment after one of these is a one-time link token, whatever it looks like. */
const TOKEN_PARENTS = new Set(['invite', 'reset-password']);
/** A long run of the base64url alphabet (hex and uuids included): random bytes, not a name. */
const SECRET_LIKE = /^[A-Za-z0-9_-]{24,}$/;
/** ...unless it is words in kebab case (`sign-out-everywhere-and-forget`). */
const WORDS = /^[a-z]+(?:-[a-z]+)*$/;
const TEMPLATE = /^\[{1,2}(?:\.\.\.)?[\w-]+\]{1,2}$/;
const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

function looksSecret(segment: string): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is judged as it stands.
  }
  return SECRET_LIKE.test(decoded) && !WORDS.test(decoded);
}

function scrubPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      if (segment === '' || TEMPLATE.test(segment)) return segment;
      const afterTokenParent = index > 0 && TOKEN_PARENTS.has(segments[index - 1]!);
      return afterTokenParent || looksSecret(segment) ? REDACTED_SEGMENT : segment;
    })
    .join('/');
}

/** Whether a word is a URL or an absolute path: what {@link scrubUrl} applies to. */
function isUrlLike(word: string): boolean {
  return word.startsWith('/') || ABSOLUTE.test(word);
}

export function scrubUrl(url: string): string {
  const withoutQuery = url.split(/[?#]/, 1)[0]!;
  const scheme = ABSOLUTE.exec(withoutQuery)?.[0];
  if (!scheme) return scrubPath(withoutQuery);
  const rest = withoutQuery.slice(scheme.length);
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return `${scheme}${host}${slash === -1 ? '' : scrubPath(rest.slice(slash))}`;
}

/** Text such as a span name (`fetch GET https://…?code=…`): each URL-like word scrubbed, the rest kept. */
export function scrubUrlsInText(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (isUrlLike(word) ? scrubUrl(word) : word))
    .join('');
}
