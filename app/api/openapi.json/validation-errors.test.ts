import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';
import type { RouteContract } from '@/lib/bff/route-contract';

/**
 * Every operation of the console API, as a program would meet it: each input a route validates
 * (body, query, headers, path) sent malformed, and the answer must be the one error shape
 * `{ error: { code: 'VALIDATION_FAILED', message, requestId, fields: [{ path, message, in }] } }`
 * with the request id of the `x-request-id` header and the path of the field at fault.
 */
stubRouteEnv();
// Every route's every input: longer than one route's tests.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }), headers: async () => new Headers() }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));

// The same list the OpenAPI document is built from (`npm run openapi:routes`).
const { ORG_ROUTES } = await import('./org-routes');
const { contractOf } = await import('@/lib/bff/openapi');

type Where = 'body' | 'query' | 'headers' | 'params';
type Json = Record<string, unknown>;
type Probe = { where: Where; value: Record<string, unknown>; path: string };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The expected path, written independently of the code under test: `a.b[0]`. */
const pathOf = (path: readonly PropertyKey[]) =>
  path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');

function propertiesOf(schema: z.core.$ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const names = new Set(Object.keys((json.properties ?? {}) as Json));
  for (const branch of [...((json.oneOf ?? []) as Json[]), ...((json.anyOf ?? []) as Json[])]) {
    for (const name of Object.keys((branch.properties ?? {}) as Json)) names.add(name);
  }
  return [...names];
}

// Wrong values a schema refuses: of another type, out of range, a malformed text, far too long.
const WRONG_JSON: unknown[] = [{ wrong: true }, 12345, 'not-a-valid-value-!!', true, [], -1, 'x'.repeat(5000)];
const WRONG_TEXT = ['not-a-valid-value-!!', '-1', '0', 'x'.repeat(5000), '', '2'.repeat(40)];

/** A malformed input the route's own schema refuses with an issue on a named field, if there is one. */
function probeOf(where: Where, schema: z.core.$ZodType | undefined): Probe | undefined {
  if (!schema) return undefined;
  const names = propertiesOf(schema).filter((name) => !(where === 'params' && name === 'org'));
  const valid: Record<string, string> = where === 'params' ? { org: 'probe' } : {};
  const candidates: Record<string, unknown>[] = where === 'body' ? [{}] : [];
  for (const name of names) {
    for (const wrong of where === 'body' ? WRONG_JSON : WRONG_TEXT) candidates.push({ ...valid, [name]: wrong });
  }
  for (const value of candidates) {
    const parsed = z.safeParse(schema, value);
    const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path.length > 0);
    if (issue) return { where, value, path: pathOf(issue.path) };
  }
  return undefined;
}

function requestFor(route: string, method: string, probe: Probe, secret: string, params: Record<string, string>) {
  const path = route.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => String(params[name]));
  const url = new URL(`${CONSOLE_URL}${path}`);
  if (probe.where === 'query') for (const [k, v] of Object.entries(probe.value)) url.searchParams.set(k, String(v));
  const request = bearerRequest(url.toString(), secret, { method, body: probe.where === 'body' ? probe.value : undefined });
  if (probe.where === 'headers') for (const [k, v] of Object.entries(probe.value)) request.headers.set(k, String(v));
  return request;
}

const VALID_IDS = (name: string) => ['00000000-0000-4000-8000-000000000001', `${name}1`, '1', 'abcdefgh1234'];

/** Path params the schema accepts, so that a probe of another input meets only its own failure. */
function paramsFor(route: string, probe: Probe, schema: z.core.$ZodType | undefined): Record<string, string> {
  const params: Record<string, string> = { org: 'probe' };
  for (const [, name] of route.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)) {
    if (name === 'org') continue;
    params[name!] =
      VALID_IDS(name!).find((id) => {
        const parsed = schema ? z.safeParse(schema, { ...params, [name!]: id }) : { success: true as const };
        return parsed.success || !parsed.error.issues.some((i) => i.path[0] === name);
      }) ?? `${name}1`;
  }
  if (probe.where === 'params') for (const [k, v] of Object.entries(probe.value)) params[k] = String(v);
  return params;
}

describe('every console API route answers invalid input with the one error shape', () => {
  // Every permission, so each route reaches its validation (scope refusals are tested elsewhere).
  const credential = useScopedCredential('probe', (db) => (state.db = db));

  it('VALIDATION_FAILED with a message, the request id and the field path, for every input of every operation', async () => {
    const problems: string[] = [];
    const probed = new Set<string>();
    const unprobed: string[] = [];
    for (const { path: route, module } of ORG_ROUTES) {
      for (const method of METHODS) {
        const handler = module[method];
        if (typeof handler !== 'function') continue;
        const contract: RouteContract | undefined = contractOf(handler);
        if (!contract) {
          problems.push(`${method} ${route}: no contract`);
          continue;
        }
        const probes = (['body', 'query', 'headers', 'params'] as const)
          .map((where) => probeOf(where, contract[where]))
          .filter((p): p is Probe => p !== undefined);
        if (probes.length === 0) unprobed.push(`${method} ${route}`);
        for (const probe of probes) {
          const params = paramsFor(route, probe, contract.params);
          const response = await (handler as (r: Request, c: unknown) => Promise<Response>)(
            requestFor(route, method, probe, credential.secret(), params),
            {
              params: Promise.resolve(params),
            },
          );
          const where = `${method} ${route} (${probe.where} ${probe.path})`;
          probed.add(`${method} ${route}`);
          let error: { code?: unknown; message?: unknown; requestId?: unknown; fields?: unknown } = {};
          try {
            error = ((await response.json()) as { error?: typeof error }).error ?? {};
          } catch {
            problems.push(`${where}: not JSON`);
            continue;
          }
          const fields = Array.isArray(error.fields) ? (error.fields as { path?: unknown; message?: unknown; in?: unknown }[]) : [];
          const wrong = [
            response.status !== 400 && `status ${response.status}`,
            error.code !== 'VALIDATION_FAILED' && `code ${String(error.code)}`,
            (typeof error.message !== 'string' || error.message === '') && 'no message',
            (typeof error.requestId !== 'string' || error.requestId === '') && 'no requestId',
            error.requestId !== response.headers.get('x-request-id') && 'requestId is not the x-request-id header',
            !Array.isArray(error.fields) && `fields not a list: ${JSON.stringify(error.fields)}`,
            fields.some((f) => typeof f.path !== 'string' || typeof f.message !== 'string' || f.message === '') &&
              'a field without path or message',
            !fields.some((f) => f.path === probe.path && f.in === probe.where) && `no field ${probe.path} in ${probe.where}`,
          ].filter(Boolean);
          if (wrong.length) problems.push(`${where}: ${wrong.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The walk reaches most operations (an operation whose inputs are all free-form has no invalid input).
    expect(probed.size).toBeGreaterThan(70);
    expect(unprobed.length).toBeLessThan(probed.size / 2);
  });
});
