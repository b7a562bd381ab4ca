/** A GET operation of the console API the reference page lets an admin try, as its inputs are named. */
export type TryableOperation = { path: string; pathParams: string[]; queryParams: string[] };

/**
 * The same-origin URL of a try: the operation's template with this organization and the typed
 * path values (each one segment, encoded), then the non-empty query values. Never another origin
 * nor another organization: the template must start at `/api/o/{org}/`.
 */
export function tryOperationUrl(org: string, operation: TryableOperation, values: Record<string, string>): string {
  if (!operation.path.startsWith('/api/o/{org}')) throw new Error('Only the console API of this organization can be tried.');
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(name === 'org' ? org : (values[name] ?? '').trim() || `{${name}}`),
  );
  const query = new URLSearchParams();
  for (const name of operation.queryParams) if (values[name]?.trim()) query.set(name, values[name].trim());
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export type TryAnswer = { status: number; requestId: string | null; body: string };

const MAX_SHOWN = 20_000;

/** Sends the try with the person's own session (same origin, a GET: no origin check needed) and keeps the answer as text. */
export async function sendTry(url: string): Promise<TryAnswer> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (a CSV export): shown as it came.
  }
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    body: body.length > MAX_SHOWN ? `${body.slice(0, MAX_SHOWN)}\n… (${body.length - MAX_SHOWN} more characters)` : body,
  };
}
