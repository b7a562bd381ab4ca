import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { getCommandExecution } from '@/lib/db/repos/command-executions';
import { createUser } from '@/lib/db/repos/users';
import { listWebhookEvents, pruneWebhookEvents } from '@/lib/db/repos/webhook-events';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';
import { commandHistory } from '@/lib/commands/server/list-command-history';
import { sendVehicleCommand } from '@/lib/commands/server/send-vehicle-command';
import { settleCommands } from '@/lib/commands/server/settle-commands';
import { applyPendingWebhookEvents, applyWebhookEvent } from './apply-webhook-event';
import { receiveWebhook } from './receive-webhook';
import { newWebhookSecret, signedDelivery, webhookOrganization } from './webhooks.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0018');

const commandUpdated = (execution: { id: string; vehicleId: string }, status: string, failedReason: string | null = null) => ({
  type: 'command.updated',
  timestamp: new Date().toISOString(),
  data: { id: execution.id, deviceType: 'VEHICLE', deviceId: execution.vehicleId, command: 'LOCK_DOORS', status, failedReason },
});

/** A sandbox whose calls are counted, and a client on it. */
function world() {
  const sandbox = createSandbox({ seed: 18, vehiclesPerOrg: 20, commandDelayMs: 60_000 });
  const org = sandbox.organizations[0];
  const calls: string[] = [];
  const fetch: FetchLike = (input, init) => {
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
  const statusCalls = () => calls.filter((c) => c.startsWith('GET') && c.includes('/command-executions')).length;
  return { api, calls, statusCalls, vehicleId: sandbox.fixtures(org.id).onlineListeningVehicleId };
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the webhook receiver, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    async function organization(withSecret = true) {
      const { org, secret, suffix } = await webhookOrganization(t.db, { withSecret });
      const user = await createUser(t.db, { email: `u${suffix}@example.com` });
      return { org, secret, member: { organizationId: org.id, userId: user.id } };
    }

    async function sentCommand(m: { organizationId: string; userId: string }, w: ReturnType<typeof world>) {
      const { record } = await sendVehicleCommand(t.db, w.api, { ...m, vehicleId: w.vehicleId, command: 'LOCK_DOORS' });
      expect(record.status).toBe('PENDING');
      return record;
    }

    const receive = (slug: string, d: { headers: Headers; rawBody: string }, now?: number) =>
      receiveWebhook(t.db, { orgSlug: slug, headers: d.headers, rawBody: d.rawBody, now });

    it('applies a command.updated once however often it is delivered, and the history shows it settled with no status call upstream', async () => {
      const w = world();
      const { org, secret, member } = await organization();
      const record = await sentCommand(member, w);
      const event = signedDelivery(secret, commandUpdated({ id: record.upstreamExecutionId!, vehicleId: w.vehicleId }, 'EXECUTED'));

      const answers = [];
      for (let i = 0; i < 3; i++) {
        const answer = await receive(org.slug, event);
        answers.push(answer.status);
        if (answer.recordedId) expect(await applyWebhookEvent(t.db, answer.recordedId)).toBe('applied');
      }
      // The first is recorded and applied; the two identical repeats are refused as replays.
      expect(answers).toEqual([202, 409, 409]);
      // The sender signing the same message again (a retry after a lost answer) is acknowledged, not applied.
      const retried = signedDelivery(secret, JSON.parse(event.rawBody), { id: event.id, at: Date.now() + 2_000 });
      const acknowledged = await receive(org.slug, retried);
      expect(acknowledged).toMatchObject({ status: 200, body: { duplicate: true } });
      expect(acknowledged.recordedId).toBeUndefined();

      const settled = (await getCommandExecution(t.db, org.id, record.id))!;
      expect(settled).toMatchObject({ status: 'EXECUTED' });
      expect(settled.settledAt).not.toBeNull();
      const [shown] = (await commandHistory(t.db, org.id, { limit: 5 })).executions;
      expect(shown).toMatchObject({ id: record.id, state: 'executed' });
      expect(w.statusCalls()).toBe(0);
      expect(await listWebhookEvents(t.db, org.id)).toHaveLength(1);

      // Forward only: a later FAILED for the same execution (another message) changes nothing.
      const late = await receive(
        org.slug,
        signedDelivery(secret, commandUpdated({ id: record.upstreamExecutionId!, vehicleId: w.vehicleId }, 'FAILED', 'X')),
      );
      expect(await applyWebhookEvent(t.db, late.recordedId!)).toBe('ignored');
      expect((await getCommandExecution(t.db, org.id, record.id))?.status).toBe('EXECUTED');
    });

    it('refuses a bad signature, an old or future timestamp and a replay with 4xx, recording and changing nothing', async () => {
      const notFound = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
      const w = world();
      const { org, secret, member } = await organization();
      const record = await sentCommand(member, w);
      const body = commandUpdated({ id: record.upstreamExecutionId!, vehicleId: w.vehicleId }, 'FAILED', 'OEM_VEHICLE_OFFLINE');

      const wrongKey = signedDelivery(newWebhookSecret(), body);
      // Without the secret, nothing tells this organization from one that takes no webhooks.
      expect(await receive(org.slug, wrongKey)).toEqual(notFound);
      const tampered = signedDelivery(secret, body);
      expect(await receive(org.slug, { ...tampered, rawBody: tampered.rawBody.replace('FAILED', 'EXECUTED') })).toEqual(notFound);
      const old = signedDelivery(secret, body, { at: Date.now() - 6 * 60_000 });
      expect(await receive(org.slug, old)).toMatchObject({ status: 400, body: { error: { code: 'WEBHOOK_TIMESTAMP_OUT_OF_RANGE' } } });
      const future = signedDelivery(secret, body, { at: Date.now() + 6 * 60_000 });
      expect(await receive(org.slug, future)).toMatchObject({ status: 400 });
      const unsigned = signedDelivery(secret, body);
      unsigned.headers.delete('webhook-signature');
      expect(await receive(org.slug, unsigned)).toEqual(notFound);
      const garbage = signedDelivery(secret, body);
      garbage.headers.set('webhook-signature', 'v1,not-base64!! v2,x ,');
      expect(await receive(org.slug, garbage)).toEqual(notFound);
      expect(await listWebhookEvents(t.db, org.id)).toHaveLength(0);
      expect((await getCommandExecution(t.db, org.id, record.id))?.status).toBe('PENDING');

      // A replay: the first delivery is recorded (not yet applied), its copy is refused and adds nothing.
      const first = signedDelivery(secret, { type: 'device.connected', timestamp: new Date().toISOString(), data: { id: w.vehicleId } });
      expect((await receive(org.slug, first)).status).toBe(202);
      const replay = await receive(org.slug, first, Date.now() + 60_000);
      expect(replay).toMatchObject({ status: 409, body: { error: { code: 'WEBHOOK_REPLAYED' } } });
      expect(replay.recordedId).toBeUndefined();
      expect(await listWebhookEvents(t.db, org.id)).toHaveLength(1);
    });

    it('answers an unknown organization and one without a signing secret with the same 404', async () => {
      const { org, secret } = await organization(false);
      const event = signedDelivery(secret, { type: 'device.connected', data: { id: 'v' } });
      const unknown = await receive('no-such-org', event);
      const noSecret = await receive(org.slug, event);
      expect(unknown).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } });
      expect(noSecret).toEqual(unknown);
    });

    it('records an unknown type and ignores it; a known type with a bad body is recorded as invalid and changes nothing', async () => {
      const w = world();
      const { org, secret, member } = await organization();
      const record = await sentCommand(member, w);
      const unknown = await receive(
        org.slug,
        signedDelivery(secret, { type: 'vehicle.teleported', timestamp: new Date().toISOString(), data: {} }),
      );
      expect(unknown.status).toBe(202);
      expect(await applyWebhookEvent(t.db, unknown.recordedId!)).toBe('ignored');
      const invalid = await receive(
        org.slug,
        signedDelivery(secret, { type: 'command.updated', data: { id: record.upstreamExecutionId, deviceId: w.vehicleId } }),
      );
      expect(await applyWebhookEvent(t.db, invalid.recordedId!)).toBe('invalid');
      expect((await getCommandExecution(t.db, org.id, record.id))?.status).toBe('PENDING');
      const listed = await listWebhookEvents(t.db, org.id);
      expect(listed.map((e) => [e.type, e.outcome])).toEqual([
        ['command.updated', 'invalid'],
        ['vehicle.teleported', 'ignored'],
      ]);
    });

    it('leaves to the apply job an event whose apply never ran, and prunes events past their time', async () => {
      const w = world();
      const { org, secret, member } = await organization();
      const record = await sentCommand(member, w);
      const answer = await receive(
        org.slug,
        signedDelivery(secret, commandUpdated({ id: record.upstreamExecutionId!, vehicleId: w.vehicleId }, 'EXECUTED')),
      );
      expect(answer.status).toBe(202);
      // The process died after answering: nothing applied it. The job does.
      expect(await applyPendingWebhookEvents(t.db)).toBeGreaterThanOrEqual(1);
      expect((await getCommandExecution(t.db, org.id, record.id))?.status).toBe('EXECUTED');
      expect(await applyWebhookEvent(t.db, answer.recordedId!)).toBeUndefined();
      expect(await pruneWebhookEvents(t.db, new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
      expect(await listWebhookEvents(t.db, org.id)).toHaveLength(0);
    });

    it('lets the settler skip an execution an event refreshed recently, and ask again once the events fall silent', async () => {
      const w = world();
      const { org, secret, member } = await organization();
      const record = await sentCommand(member, w);
      const pending = await receive(
        org.slug,
        signedDelivery(secret, commandUpdated({ id: record.upstreamExecutionId!, vehicleId: w.vehicleId }, 'PENDING')),
      );
      expect(await applyWebhookEvent(t.db, pending.recordedId!)).toBe('applied');
      const settle = (at: number) =>
        settleCommands(t.db, async (id) => (id === org.id ? w.api : undefined), new Date(at), { interruptedAfterMs: 60_000 });
      const now = Date.now();
      expect(await settle(now + 1_000)).toMatchObject({ checked: 0, leftToEvents: 1 });
      expect(w.statusCalls()).toBe(0);
      expect(await settle(now + 31_000)).toMatchObject({ checked: 1, leftToEvents: 0 });
      expect(w.statusCalls()).toBe(1);
    });

    it('with polling off (no client for the organization), the settler asks nothing yet still ends a pending execution at the time-out', async () => {
      const w = world();
      const { org, member } = await organization();
      const record = await sentCommand(member, w);
      const settle = (at: number) =>
        settleCommands(t.db, async () => undefined, new Date(at), { interruptedAfterMs: 60_000, timeoutWithoutClient: true });
      await settle(Date.now() + 60_000);
      expect((await getCommandExecution(t.db, org.id, record.id))?.status).toBe('PENDING');
      await settle(Date.now() + 6 * 60_000);
      expect(await getCommandExecution(t.db, org.id, record.id)).toMatchObject({ status: 'FAILED', errorCode: 'NO_OUTCOME_IN_TIME' });
      expect(w.statusCalls()).toBe(0);
    });
  });
}
