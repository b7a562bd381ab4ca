import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { listInbox } from '@/lib/db/repos/notifications/inbox';
import { insertRule, updateRule } from '@/lib/db/repos/notifications/rules';
import { deleteViewRow, insertView } from '@/lib/db/repos/saved-views';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';
import { evaluateRules } from './evaluate-rules';
import { notifyCommandOutcome } from './notify-command-outcome';
import { HOUR_MS, orgWithSilenceRule } from './notifications-test-org.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');

/** The embedded sandbox as the upstream, with a client that counts its vehicle list calls. */
async function upstream() {
  const sandbox = createSandbox({ seed: 29, vehiclesPerOrg: 8 });
  const org = sandbox.organizations[0];
  const calls: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
    return sandbox.fetch(input, init);
  };
  const api = createVehicleApi({
    baseUrl: 'http://sandbox.local',
    clientId: org.clientId,
    clientSecret: org.clientSecret,
    fetch,
    retry: { baseDelayMs: 1 },
    logger: () => {},
  });
  const [a, b, c] = (await api.listVehicles({ maxPageSize: 100 })).data.results.map((v) => v.id);
  for (const objectId of [a, b]) await api.createTag({ key: 'depot', value: 'north-29', objectId });
  calls.length = 0;
  return { api, calls, a, b, c };
}

describe('a rule’s scope: every vehicle, a tag, or a saved view', () => {
  const t = useTestDatabase('pglite');
  const now = new Date('2026-11-20T12:00:00Z');
  const silentSince = new Date(now.getTime() - 7 * HOUR_MS);

  it('tells only silent vehicles with the tag, then only those a saved view shows, and none for a deleted view', async () => {
    const { api, calls, a, b, c } = await upstream();
    const { org, manager, rule, seen } = await orgWithSilenceRule(t.db, 'scoped');
    for (const id of [a, c]) await seen(id, silentSince);
    await seen(b, now);
    await updateRule(t.db, org.id, rule.id, { scope: { type: 'tag', key: 'depot', value: 'north-29' } });
    const apiFor = async () => api;
    const pass = (at: Date) => evaluateRules(t.db, at, { organizationId: org.id, mailer: null, apiFor });

    expect(await pass(now)).toMatchObject({ opened: 1 });
    expect((await listInbox(t.db, org.id, manager.id, { limit: 10 })).map((n) => n.vehicleId)).toEqual([a]);
    // One vehicle list call (with the tag) answers the scope for the pass.
    expect(calls.filter((call) => call.endsWith('/vehicles'))).toHaveLength(1);

    // A view whose JSON filter picks c alone: a's condition closes silently (out of scope, not "reports again"), c's opens.
    const view = await insertView(t.db, {
      organizationId: org.id,
      ownerId: manager.id,
      name: 'Just c',
      shared: true,
      query: { filter: JSON.stringify({ field: 'id', operator: '==', value: c }) },
    });
    await updateRule(t.db, org.id, rule.id, { scope: { type: 'view', viewId: view.id } });
    expect(await pass(new Date(now.getTime() + 60_000))).toMatchObject({ opened: 1, cleared: 1 });
    const inbox = await listInbox(t.db, org.id, manager.id, { limit: 10 });
    expect(inbox.map((n) => [n.vehicleId, n.cleared])).toEqual([
      [c, false],
      [a, false],
    ]);

    // A view's snapshot filters apply too: "not seen for 8 hours" holds neither a nor c (7 hours).
    const stale = await insertView(t.db, {
      organizationId: org.id,
      ownerId: manager.id,
      name: 'Stale',
      shared: true,
      query: { staleHours: '8' },
    });
    await updateRule(t.db, org.id, rule.id, { scope: { type: 'view', viewId: stale.id } });
    expect(await pass(new Date(now.getTime() + 120_000))).toMatchObject({ opened: 0, cleared: 1 });

    await deleteViewRow(t.db, org.id, stale.id);
    await updateRule(t.db, org.id, rule.id, { scope: { type: 'all' } });
    expect(await pass(new Date(now.getTime() + 180_000))).toMatchObject({ opened: 2 });
  });

  it('leaves open conditions alone when the scope cannot be read', async () => {
    const { api, a } = await upstream();
    const { org, rule, seen } = await orgWithSilenceRule(t.db, 'scope-down');
    await seen(a, silentSince);
    await updateRule(t.db, org.id, rule.id, { scope: { type: 'tag', key: 'depot', value: 'north-29' } });
    expect(await evaluateRules(t.db, now, { organizationId: org.id, mailer: null, apiFor: async () => api })).toMatchObject({ opened: 1 });
    const down = async () => {
      throw new Error('upstream unavailable');
    };
    expect(await evaluateRules(t.db, new Date(now.getTime() + HOUR_MS), { organizationId: org.id, mailer: null, apiFor: down })).toEqual({
      rules: 1,
      opened: 0,
      cleared: 0,
      unchecked: [rule.name],
    });
  });

  it('tells a command outcome only for a vehicle in the rule’s scope, asking about that vehicle alone', async () => {
    const { api, calls, a, c } = await upstream();
    const { org, manager } = await orgWithSilenceRule(t.db, 'scoped-commands');
    await insertRule(t.db, org.id, {
      name: 'North depot commands',
      kind: 'command_failed',
      params: {},
      channels: ['console'],
      recipients: { roles: [], userIds: [], sender: true },
      enabled: true,
      scope: { type: 'tag', key: 'depot', value: 'north-29' },
    });
    const failed = (vehicleId: string) =>
      notifyCommandOutcome(
        t.db,
        { id: randomUUID(), organizationId: org.id, vehicleId, command: 'LOCK', requestedBy: manager.id },
        'failed',
        { commandLabel: 'Lock' },
        { mailer: null, apiFor: async () => api },
      );
    expect(await failed(c)).toBe(0);
    expect(await failed(a)).toBe(1);
    expect(calls.filter((call) => call.endsWith('/vehicles'))).toHaveLength(2);
    expect((await listInbox(t.db, org.id, manager.id, { limit: 10 })).map((n) => [n.title, n.vehicleId])).toEqual([['Lock failed', a]]);
  });
});
