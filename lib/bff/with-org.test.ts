import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '@/lib/ops/capture-log.test-support';
import { withOrg } from './with-org';
import * as z from '@/lib/validations/zod';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0005');
vi.stubEnv('APP_URL', 'http://console.test');

const audit = vi.hoisted(() => ({ fail: false, entries: [] as string[] }));
vi.mock('@/lib/org/org-access', () => ({
  loadOrgAccess: async () => ({ user: { id: 'u1', email: 'u1@example.com' }, org: { id: 'o1', slug: 'fleet' }, role: 'manager' }),
}));
vi.mock('./audit', () => ({
  recordAudit: async (_access: unknown, spec: { action: string }, outcome: { outcome: string }) => {
    if (audit.fail) throw new Error('database is read-only');
    audit.entries.push(`${spec.action}:${outcome.outcome}`);
  },
}));

const post = () =>
  new NextRequest('http://console.test/api/o/fleet/things', {
    method: 'POST',
    headers: { origin: 'http://console.test', 'content-type': 'application/json' },
    body: '{}',
  });
const context = { params: Promise.resolve({ org: 'fleet' }) };

describe('withOrg and the audit entry of a success', () => {
  afterEach(() => {
    audit.fail = false;
    audit.entries = [];
    vi.restoreAllMocks();
  });

  it('answers the success when the audit entry cannot be written, and logs it', async () => {
    const log = captureLog();
    const handler = vi.fn(async () => ({ done: true }));
    const route = withOrg(handler, { permission: 'commands.send', audit: { action: 'commands.sent' } });
    audit.fail = true;
    const response = await route(post(), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(log.lines()).toContainEqual(expect.objectContaining({ event: 'audit.write_failed', action: 'commands.sent' }));
    log.restore();
  });

  it('writes the success entry, and only that one, when it can', async () => {
    const route = withOrg(async () => ({ done: true }), { permission: 'commands.send', audit: { action: 'commands.sent' } });
    expect((await route(post(), context)).status).toBe(200);
    expect(audit.entries).toEqual(['commands.sent:success']);
  });
});

describe('withOrg and the upstream deadline', () => {
  it('runs the handler under one deadline for all its upstream calls, counted from the request', async () => {
    const { requestDeadline } = await import('@/lib/vehicle-api/deadline');
    const before = performance.now();
    let seen: { at: number; ms: number } | undefined;
    const route = withOrg(
      async () => {
        seen = requestDeadline();
        return { done: true };
      },
      { permission: 'commands.send' },
    );
    expect((await route(post(), context)).status).toBe(200);
    expect(seen?.ms).toBe(20_000);
    expect(seen!.at - before).toBeGreaterThanOrEqual(20_000);
    expect(seen!.at - performance.now()).toBeLessThanOrEqual(20_000);
  });
});

describe('withOrg and the headers a route reads', () => {
  const schema = z.object({
    'idempotency-key': z.optional(z.string().check(z.regex(/^[a-z0-9]{8,}$/, { message: 'Eight letters or digits' }))),
  });
  const withKey = (key?: string) =>
    new NextRequest('http://console.test/api/o/fleet/things', {
      method: 'POST',
      headers: {
        origin: 'http://console.test',
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'IDEMPOTENCY-KEY': key }),
      },
      body: '{}',
    });

  it('hands the parsed header to the handler whatever its spelling, and nothing when it is absent', async () => {
    const seen: unknown[] = [];
    const route = withOrg(async ({ headers }) => void seen.push(headers['idempotency-key']), {
      permission: 'commands.send',
      headers: schema,
    });
    expect((await route(withKey('abcd1234'), context)).status).toBe(200);
    expect((await route(withKey(), context)).status).toBe(200);
    expect(seen).toEqual(['abcd1234', undefined]);
  });

  it('refuses a header that does not parse with 400 naming the header, before the handler runs', async () => {
    const handler = vi.fn(async () => ({ done: true }));
    const response = await withOrg(handler, { permission: 'commands.send', headers: schema })(withKey('no'), context);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; message: string; fields: { path: string; message: string; in: string }[]; requestId: string };
    };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe('Invalid headers: idempotency-key: Eight letters or digits');
    expect(body.error.fields).toEqual([{ path: 'idempotency-key', message: 'Eight letters or digits', in: 'headers' }]);
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('withOrg and the query', () => {
  const get = (search: string) => new NextRequest(`http://console.test/api/o/fleet/things${search}`);
  const schema = z.object({ size: z.coerceNumber().check(z.int(), z.gte(1)), tags: z.optional(z.string()) });

  it('parses each query text once, shares it frozen, and refuses a bad one every time', async () => {
    const seen: unknown[] = [];
    const route = withOrg(
      async ({ query }) => {
        seen.push(query);
        return { size: query.size };
      },
      { permission: 'vehicles.read', query: schema },
    );
    expect(await (await route(get('?size=3'), context)).json()).toEqual({ size: 3 });
    expect(await (await route(get('?size=3'), context)).json()).toEqual({ size: 3 });
    expect(await (await route(get('?size=4'), context)).json()).toEqual({ size: 4 });
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect(() => {
      (seen[0] as { size: number }).size = 9;
    }).toThrow(TypeError);
    for (let i = 0; i < 2; i++) {
      const refused = await route(get('?size=0'), context);
      expect(refused.status).toBe(400);
    }
  });
});
