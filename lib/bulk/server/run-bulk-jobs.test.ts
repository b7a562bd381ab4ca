import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { countBulkItems, createBulkJob, getBulkJob, listBulkItems, setBulkJobStatus } from '@/lib/db/repos/bulk-jobs';
import { changeMemberRole, ensureMembership, removeMember } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { auditEvents } from '@/lib/db/schema';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';
import { UNKNOWN_OUTCOME } from '../retry';
import { runBulkJobs } from './run-bulk-jobs';

const LEASE_MS = 15_000;

function upstream() {
  const sandbox = createSandbox({ seed: 5, vehiclesPerOrg: 30 });
  const org = sandbox.organizations[0];
  const calls: string[] = [];
  let onCall: (() => void) | undefined;
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    if (!url.pathname.includes('/oauth2/')) calls.push(`${init.method ?? 'GET'} ${url.pathname} ${String(init.body ?? '')}`);
    const response = await sandbox.fetch(input, init);
    onCall?.();
    return response;
  };
  const api = createVehicleApi({
    baseUrl: 'http://sandbox.local',
    clientId: org.clientId,
    clientSecret: org.clientSecret,
    fetch,
    retry: { baseDelayMs: 1 },
  });
  return { sandbox, api, calls, fixtures: sandbox.fixtures(org.id), setOnCall: (f: (() => void) | undefined) => (onCall = f) };
}

describe('bulk job runner', () => {
  const t = useTestDatabase('pglite');

  async function setup(vehicleCount: number, action: 'tag.add' | 'listening.on' = 'tag.add', extraIds: string[] = []) {
    const u = upstream();
    const o = await createOrganization(t.db, {
      slug: `k${Math.random().toString(36).slice(2, 8)}`,
      name: 'Org',
      apiBaseUrl: null,
      clientId: 'c',
      clientSecret: 's',
    });
    const listed = await u.api.listVehicles({ maxPageSize: 100 });
    const vehicleIds = [...listed.data.results.slice(0, vehicleCount).map((v) => v.id), ...extraIds];
    u.calls.length = 0;
    const job = await createBulkJob(t.db, {
      organizationId: o.id,
      createdBy: null,
      createdByEmail: 'manager@example.com',
      action,
      args: action === 'tag.add' ? { key: 'depot', value: 'north' } : null,
      selection: { mode: 'ids' },
      vehicleIds,
    });
    return { ...u, orgId: o.id, job, vehicleIds, apiFor: async () => u.api };
  }

  it('resumes after a restart without touching a vehicle twice, and audits each vehicle once', async () => {
    const s = await setup(12);
    const start = new Date('2026-11-01T10:00:00Z');
    // The first process stops after its fifth upstream call, as a process killed mid-job would.
    const crash = new AbortController();
    s.setOnCall(() => {
      if (s.calls.length >= 5) crash.abort();
    });
    await runBulkJobs(t.db, { owner: 'process-a', leaseMs: LEASE_MS, apiFor: s.apiFor, concurrency: 1, now: () => start }, crash.signal);
    s.setOnCall(undefined);
    expect((await countBulkItems(t.db, s.job.id, UNKNOWN_OUTCOME)).done).toBe(5);
    expect((await getBulkJob(t.db, s.orgId, s.job.id))?.status).toBe('running');

    // A killed process never releases its lease: hold it as process A would have.
    const { claimBulkJob } = await import('@/lib/db/repos/bulk-jobs');
    expect(await claimBulkJob(t.db, 'process-a', start, LEASE_MS)).toBeDefined();
    // The restarted process is another owner: it waits out the old lease, then resumes.
    expect(await runBulkJobs(t.db, { owner: 'process-b', leaseMs: LEASE_MS, apiFor: s.apiFor, now: () => start })).toBeUndefined();
    const later = new Date(start.getTime() + LEASE_MS + 1);
    expect((await runBulkJobs(t.db, { owner: 'process-b', leaseMs: LEASE_MS, apiFor: s.apiFor, now: () => later }))?.job.id).toBe(s.job.id);

    const tagCalls = s.calls.filter((c) => c.startsWith('POST /v1/tags'));
    expect(tagCalls).toHaveLength(12);
    for (const id of s.vehicleIds) expect(tagCalls.filter((c) => c.includes(`"objectId":"${id}"`))).toHaveLength(1);
    expect(await countBulkItems(t.db, s.job.id, UNKNOWN_OUTCOME)).toEqual({ pending: 0, done: 12, skipped: 0, failed: 0, unknown: 0 });
    expect((await getBulkJob(t.db, s.orgId, s.job.id))?.status).toBe('done');
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, s.orgId), eq(auditEvents.action, 'bulk.tag.add')));
    expect(audited.map((a) => a.targetId).sort()).toEqual([...s.vehicleIds].sort());
    expect(audited.every((a) => a.upstreamRequestId && (a.details as { jobId: string }).jobId === s.job.id)).toBe(true);
  });

  it('does not claim a job whose lease another process holds', async () => {
    const s = await setup(3);
    const now = new Date('2026-11-01T10:00:00Z');
    const hold = new AbortController();
    s.setOnCall(() => hold.abort());
    // Process A stops after one vehicle but keeps its lease by never releasing it: simulate by re-claiming.
    await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: s.apiFor, concurrency: 1, now: () => now }, hold.signal);
    s.setOnCall(undefined);
    const { claimBulkJob } = await import('@/lib/db/repos/bulk-jobs');
    expect(await claimBulkJob(t.db, 'a', now, LEASE_MS)).toBeDefined();
    expect(
      await runBulkJobs(t.db, { owner: 'b', leaseMs: LEASE_MS, apiFor: s.apiFor, now: () => new Date(now.getTime() + 1_000) }),
    ).toBeUndefined();
    expect((await countBulkItems(t.db, s.job.id, UNKNOWN_OUTCOME)).done).toBe(1);
    await setBulkJobStatus(t.db, s.job.id, ['running'], 'cancelled');
  });

  it('leaves a paused job alone and finishes it once resumed; cancel skips what is left', async () => {
    const s = await setup(4);
    await setBulkJobStatus(t.db, s.job.id, ['running'], 'paused');
    expect(await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: s.apiFor })).toBeUndefined();
    expect(s.calls).toHaveLength(0);
    await setBulkJobStatus(t.db, s.job.id, ['paused'], 'running');
    await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: s.apiFor });
    expect((await countBulkItems(t.db, s.job.id, UNKNOWN_OUTCOME)).done).toBe(4);

    const c = await setup(3);
    await setBulkJobStatus(t.db, c.job.id, ['running'], 'cancelled');
    expect(await countBulkItems(t.db, c.job.id, UNKNOWN_OUTCOME)).toEqual({ pending: 0, done: 0, skipped: 3, failed: 0, unknown: 0 });
    expect((await listBulkItems(t.db, c.job.id))[0]?.reason).toMatch(/cancelled/);
  });

  it('fails an unknown vehicle with its reason, skips a vehicle already in the asked state', async () => {
    const s = await setup(2, 'listening.on', ['veh_doesnotexist00']);
    await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: s.apiFor });
    const items = await listBulkItems(t.db, s.job.id);
    const unknown = items.find((i) => i.vehicleId === 'veh_doesnotexist00')!;
    expect(unknown.outcome).toBe('failed');
    expect(unknown.reason).toMatch(/^RESOURCE_NOT_FOUND: /);
    for (const item of items.filter((i) => i !== unknown)) expect(['done', 'skipped']).toContain(item.outcome);
    const skipped = items.filter((i) => i.outcome === 'skipped');
    for (const item of skipped) expect(item.reason).toBe('Already listening.');
  });

  it('keeps vehicles pending while the upstream asks to wait, and never fails them for it', async () => {
    const s = await setup(3);
    s.sandbox.faults.inject({ kind: 'rate_limit', pathPrefix: '/v1/tags', retryAfterSeconds: 0, times: 100 });
    await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: s.apiFor, concurrency: 1 });
    expect(await countBulkItems(t.db, s.job.id, UNKNOWN_OUTCOME)).toEqual({ pending: 3, done: 0, skipped: 0, failed: 0, unknown: 0 });
    expect((await getBulkJob(t.db, s.orgId, s.job.id))?.status).toBe('running');
    s.sandbox.faults.clear();
    await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: s.apiFor });
    expect((await countBulkItems(t.db, s.job.id, UNKNOWN_OUTCOME)).done).toBe(3);
  });
});

describe('bulk commands', () => {
  const t = useTestDatabase('pglite');

  it('locks 10 vehicles where 2 are offline: 8 executed, 2 failed with reasons, none sent twice across a restart', async () => {
    const sandbox = createSandbox({ seed: 9, vehiclesPerOrg: 60, commandDelayMs: 20 });
    const upstreamOrg = sandbox.organizations[0];
    const commandCalls: string[] = [];
    let onCommand: (() => void) | undefined;
    const fetch: FetchLike = async (input, init) => {
      const path = new URL(input).pathname;
      const response = await sandbox.fetch(input, init);
      if (path.includes('/command-execution:')) {
        commandCalls.push(path.split('/')[3]!);
        onCommand?.();
      }
      return response;
    };
    const api = createVehicleApi({
      baseUrl: 'http://sandbox.local',
      clientId: upstreamOrg.clientId,
      clientSecret: upstreamOrg.clientSecret,
      fetch,
      retry: { baseDelayMs: 1 },
    });
    const fixtures = sandbox.fixtures(upstreamOrg.id);
    const o = await createOrganization(t.db, {
      slug: `c${Math.random().toString(36).slice(2, 8)}`,
      name: 'Org',
      apiBaseUrl: null,
      clientId: 'c',
      clientSecret: 's',
    });
    const { createUser } = await import('@/lib/db/repos/users');
    const user = await createUser(t.db, { email: `m${Math.random().toString(36).slice(2, 8)}@example.com` });
    await ensureMembership(t.db, o.id, user.id, 'manager');
    const listed = (await api.listVehicles({ maxPageSize: 100 })).data.results.filter(
      (v) => v.isListening !== false && v.id !== fixtures.spentBudgetVehicleId,
    );
    const dayAgo = Date.now() - 24 * 3600_000;
    const offline = listed
      .filter((v) => Date.parse(v.metadata?.lastSeenAt ?? '') < dayAgo)
      .slice(0, 2)
      .map((v) => v.id);
    const online = listed
      .filter((v) => Date.parse(v.metadata?.lastSeenAt ?? '') >= dayAgo)
      .slice(0, 8)
      .map((v) => v.id);
    expect(offline).toHaveLength(2);
    expect(online).toHaveLength(8);
    const job = await createBulkJob(t.db, {
      organizationId: o.id,
      createdBy: user.id,
      createdByEmail: user.email,
      action: 'command',
      args: { command: 'LOCK_DOORS' },
      selection: { mode: 'ids' },
      vehicleIds: [...online.slice(0, 4), ...offline, ...online.slice(4)],
    });
    const apiFor = async () => api;

    // The first process stops after its fourth command, as a process killed mid-job would.
    const crash = new AbortController();
    onCommand = () => {
      if (commandCalls.length >= 4) crash.abort();
    };
    await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor, concurrency: 1 }, crash.signal);
    onCommand = undefined;
    expect(commandCalls).toHaveLength(4);

    const { settleCommands } = await import('@/lib/commands/server/settle-commands');
    for (let pass = 0; pass < 20 && (await countBulkItems(t.db, job.id, UNKNOWN_OUTCOME)).pending > 0; pass++) {
      await runBulkJobs(t.db, { owner: 'b', leaseMs: LEASE_MS, apiFor });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await settleCommands(t.db, apiFor, new Date(), { interruptedAfterMs: 60_000 });
    }

    expect(await countBulkItems(t.db, job.id, UNKNOWN_OUTCOME)).toEqual({ pending: 0, done: 8, skipped: 0, failed: 2, unknown: 0 });
    const items = await listBulkItems(t.db, job.id);
    for (const id of offline) expect(items.find((i) => i.vehicleId === id)?.reason).toMatch(/^OEM_VEHICLE_OFFLINE: /);
    expect(items.every((i) => i.executionId && i.upstreamRequestId)).toBe(true);
    // Ten vehicles, ten commands: none sent twice.
    expect(commandCalls.sort()).toEqual([...online, ...offline].sort());
    expect((await getBulkJob(t.db, o.id, job.id))?.status).toBe('done');
  }, 60_000);

  it('skips a vehicle whose command budget is spent, without sending', async () => {
    const s = upstream();
    const o = await createOrganization(t.db, {
      slug: `d${Math.random().toString(36).slice(2, 8)}`,
      name: 'Org',
      apiBaseUrl: null,
      clientId: 'c',
      clientSecret: 's',
    });
    const { createUser } = await import('@/lib/db/repos/users');
    const user = await createUser(t.db, { email: `n${Math.random().toString(36).slice(2, 8)}@example.com` });
    await ensureMembership(t.db, o.id, user.id, 'manager');
    const job = await createBulkJob(t.db, {
      organizationId: o.id,
      createdBy: user.id,
      createdByEmail: user.email,
      action: 'command',
      args: { command: 'FLASH_LIGHTS' },
      selection: { mode: 'ids' },
      vehicleIds: [s.fixtures.spentBudgetVehicleId],
    });
    await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: async () => s.api });
    const [item] = await listBulkItems(t.db, job.id);
    expect(item?.outcome).toBe('skipped');
    expect(item?.reason).toMatch(/budget is spent/);
    expect(s.calls.filter((c) => c.includes('command-execution'))).toHaveLength(0);
  });

  it('sends nothing more once its creator lost the permission (made support), left the organization or was disabled: the job is cancelled', async () => {
    const { createUser } = await import('@/lib/db/repos/users');
    const { setUserDisabled } = await import('@/lib/db/repos/sessions');
    for (const revoke of ['support', 'removed', 'disabled'] as const) {
      const s = upstream();
      const o = await createOrganization(t.db, {
        slug: `r${Math.random().toString(36).slice(2, 8)}`,
        name: 'Org',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 's',
      });
      const user = await createUser(t.db, { email: `r${Math.random().toString(36).slice(2, 8)}@example.com` });
      await ensureMembership(t.db, o.id, user.id, 'manager');
      const listed = (await s.api.listVehicles({ maxPageSize: 100 })).data.results.slice(0, 3).map((v) => v.id);
      const job = await createBulkJob(t.db, {
        organizationId: o.id,
        createdBy: user.id,
        createdByEmail: user.email,
        action: 'command',
        args: { command: 'UNLOCK_DOORS' },
        selection: { mode: 'ids' },
        vehicleIds: listed,
      });
      if (revoke === 'support') await changeMemberRole(t.db, o.id, user.id, 'support');
      else if (revoke === 'removed') await removeMember(t.db, o.id, user.id);
      else await setUserDisabled(t.db, user.email, true);
      s.calls.length = 0;
      await runBulkJobs(t.db, { owner: 'a', leaseMs: LEASE_MS, apiFor: async () => s.api });
      expect(s.calls.filter((c) => c.includes('command-execution'))).toHaveLength(0);
      expect((await getBulkJob(t.db, o.id, job.id))?.status).toBe('cancelled');
      expect(await countBulkItems(t.db, job.id, UNKNOWN_OUTCOME)).toMatchObject({ pending: 0, done: 0, skipped: 3 });
    }
  });
});
