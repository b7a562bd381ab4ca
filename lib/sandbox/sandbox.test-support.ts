import { randomBytes } from 'node:crypto';
import { type Sandbox, type SandboxOptions, createSandbox } from './index';

/** Test harness: a sandbox on a settable clock, with helpers to authenticate and call it. */

export const BASE = 'http://sandbox.test';
/** The contract suites run on both: the contract's superset and the vendor's published shapes. */
export const PROFILES = ['contract', 'vendor'] as const;
export const START = Date.parse('2026-06-01T12:00:00.000Z');

export interface Harness {
  sandbox: Sandbox;
  clock: { now: number; advance(ms: number): void };
  call(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  token(orgIndex?: number, scope?: string): Promise<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are inspected ad hoc
  json<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T; response: Response }>;
}

export function basicAuth(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export function createHarness(options: SandboxOptions = {}, baseUrl = BASE): Harness {
  const clock = {
    now: START,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const sandbox = createSandbox({ commandDelayMs: 2000, vehiclesPerOrg: 60, now: () => clock.now, ...options });
  const call: Harness['call'] = (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const request = new Request(`${baseUrl}${options.basePath ?? ''}${path}`, { method, headers, body });
    return baseUrl === BASE ? sandbox.handle(request) : fetch(request);
  };
  const token: Harness['token'] = async (orgIndex = 0, scope) => {
    const org = sandbox.organizations[orgIndex];
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) form.set('scope', scope);
    const response = await call('POST', '/v1/oauth2/token', {
      body: form.toString(),
      headers: { authorization: basicAuth(org.clientId, org.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (response.status !== 200) throw new Error(`token request failed: ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const json: Harness['json'] = async (method, path, opts) => {
    const response = await call(method, path, opts);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, response };
  };
  return { sandbox, clock, call, token, json };
}

export const filterParam = (filter: unknown) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A webhook the sandbox's sender posted, as it left; `at` is the wall-clock time it was posted. */
export type PostedWebhook = { headers: Record<string, string>; body: string; at: number };

/**
 * A sandbox whose webhook sender posts into `posted` (the events `keep` accepts, by type; all by
 * default), with the first organization's target set and its signing secret, and that
 * organization's access token.
 */
export async function webhookSandbox(options: SandboxOptions & { keep?: (type: string) => boolean } = {}) {
  const { keep = () => true, ...sandboxOptions } = options;
  const posted: PostedWebhook[] = [];
  const sandbox = createSandbox({
    vehiclesPerOrg: 20,
    commandDelayMs: 30,
    ...sandboxOptions,
    webhookFetch: (async (_url: string, init: RequestInit) => {
      const body = String(init.body);
      if (keep((JSON.parse(body) as { type: string }).type)) {
        posted.push({ headers: init.headers as Record<string, string>, body, at: Date.now() });
      }
      return new Response(null, { status: 202 });
    }) as typeof fetch,
  });
  const org = sandbox.organizations[0];
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  sandbox.webhooks.configure(org.id, { url: 'http://console.test/api/webhooks/vehicle-api/demo', secret });
  const tokenResponse = await sandbox.fetch(`${BASE}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basicAuth(org.clientId, org.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  return { sandbox, org, secret, token, posted };
}
