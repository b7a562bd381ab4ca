import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { getCommandExecution } from '@/lib/db/repos/command-executions';
import { createUser } from '@/lib/db/repos/users';
import { listExecutionWebhookEvents, listWebhookEvents } from '@/lib/db/repos/webhook-events';
import { getSnapshot, upsertRoster } from '@/lib/db/repos/vehicle-snapshots';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';
import { sendVehicleCommand } from '@/lib/commands/server/send-vehicle-command';
import { applyWebhookEvent } from './apply-webhook-event';
import { receiveWebhook } from './receive-webhook';
import { listedVehicle, webhookOrganization } from './webhooks.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0018');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the sandbox’s events through the receiver, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    /** The console's organization, and a sandbox whose sender posts straight into the receiver (then applies, as the route does). */
    async function world() {
      const { org, secret, suffix } = await webhookOrganization(t.db);
      const user = await createUser(t.db, { email: `s${suffix}@example.com` });
      const answers: number[] = [];
      const sandbox = createSandbox({
        seed: 9,
        vehiclesPerOrg: 20,
        commandDelayMs: 30,
        webhookFetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
          const answer = await receiveWebhook(t.db, {
            orgSlug: org.slug,
            headers: new Headers(init?.headers as Record<string, string>),
            rawBody: String(init?.body),
          });
          // Commands also spend budgets (rate_limit.updated): the answers to the command's own events are kept.
          if ((JSON.parse(String(init?.body)) as { type: string }).type === 'command.updated') answers.push(answer.status);
          if (answer.recordedId) await applyWebhookEvent(t.db, answer.recordedId);
          return Response.json(answer.body, { status: answer.status });
        }) as typeof fetch,
      });
      const upstream = sandbox.organizations[0];
      sandbox.webhooks.configure(upstream.id, { url: `http://console.test/api/webhooks/vehicle-api/${org.slug}`, secret });
      const calls: string[] = [];
      const counted: FetchLike = (input, init) => {
        calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
        return sandbox.fetch(input, init);
      };
      const api = createVehicleApi({
        baseUrl: 'http://sandbox.local',
        clientId: upstream.clientId,
        clientSecret: upstream.clientSecret,
        fetch: counted,
        retry: { baseDelayMs: 1 },
        logger: () => {},
      });
      const vehicleId = sandbox.fixtures(upstream.id).onlineListeningVehicleId;
      const send = async (command: 'FLASH_LIGHTS' | 'HONK_HORN' | 'LOCK_DOORS') =>
        (await sendVehicleCommand(t.db, api, { organizationId: org.id, userId: user.id, vehicleId, command })).record;
      return {
        org,
        sandbox,
        upstream,
        vehicleId,
        answers,
        send,
        statusCalls: () => calls.filter((c) => c.includes('/command-executions')).length,
      };
    }

    it('settles a command from the sandbox’s signed command.updated, with no status call upstream', async () => {
      const w = await world();
      const record = await w.send('FLASH_LIGHTS');
      await w.sandbox.webhooks.idle();
      expect(w.answers).toEqual([202]);
      expect((await getCommandExecution(t.db, w.org.id, record.id))?.status).toBe('EXECUTED');
      expect(w.statusCalls()).toBe(0);
      // The execution's raw view lists the event that settled it, and no other.
      const events = await listExecutionWebhookEvents(t.db, w.org.id, {
        vehicleId: record.vehicleId,
        upstreamExecutionId: record.upstreamExecutionId!,
      });
      expect(events.map((e) => [e.type, (e.payload.data as { status: string }).status, e.outcome])).toEqual([
        ['command.updated', 'EXECUTED', 'applied'],
      ]);
      const other = await w.send('HONK_HORN');
      await w.sandbox.webhooks.idle();
      expect(
        await listExecutionWebhookEvents(t.db, w.org.id, { vehicleId: other.vehicleId, upstreamExecutionId: other.upstreamExecutionId! }),
      ).toHaveLength(1);
    });

    it('survives the sender’s faults: a duplicate applied once, an older state never over the newer, a bad signature refused', async () => {
      const w = await world();
      w.sandbox.webhooks.injectFault({ kind: 'duplicate', type: 'command.updated' });
      const first = await w.send('FLASH_LIGHTS');
      await w.sandbox.webhooks.idle();
      expect(w.answers).toEqual([202, 409]);
      expect((await getCommandExecution(t.db, w.org.id, first.id))?.status).toBe('EXECUTED');

      w.sandbox.webhooks.injectFault({ kind: 'out_of_order', type: 'command.updated' });
      const second = await w.send('HONK_HORN');
      await w.sandbox.webhooks.idle();
      expect(w.answers.slice(2)).toEqual([202, 202]);
      expect((await getCommandExecution(t.db, w.org.id, second.id))?.status).toBe('EXECUTED');

      w.sandbox.webhooks.injectFault({ kind: 'bad_signature', type: 'command.updated' });
      const third = await w.send('LOCK_DOORS');
      await w.sandbox.webhooks.idle();
      expect(w.answers.slice(4)).toEqual([404]);
      expect((await getCommandExecution(t.db, w.org.id, third.id))?.status).toBe('PENDING');
      expect((await listWebhookEvents(t.db, w.org.id)).filter((e) => e.type === 'command.updated')).toHaveLength(3);
    });

    it('moves the fleet snapshot from the sandbox’s device.telemetry, rate_limit.updated and alert.updated, once despite a duplicate delivery', async () => {
      const w = await world();
      await upsertRoster(t.db, w.org.id, [listedVehicle(w.vehicleId)], new Date());
      w.sandbox.webhooks.injectFault({ kind: 'duplicate', type: 'device.telemetry', times: 6 });
      const changed = await w.sandbox.fetch(`http://sandbox.local/_admin/vehicles/${w.vehicleId}/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stateOfCharge: 4 }),
      });
      expect(changed.status).toBe(200);
      await w.sandbox.webhooks.idle();
      const snapshot = (await getSnapshot(t.db, w.org.id, w.vehicleId))!;
      expect(snapshot.stateOfCharge).toBe(4);
      expect(snapshot.pushedAt).not.toBeNull();
      const telemetry = (await listWebhookEvents(t.db, w.org.id)).filter((e) => e.type === 'device.telemetry');
      // Six metrics, each delivered twice, recorded and applied once.
      expect(telemetry).toHaveLength(6);
      expect(telemetry.find((e) => (e.payload.data as { metricType: string }).metricType === 'STATE_OF_CHARGE')?.outcome).toBe('applied');
      expect(w.sandbox.webhooks.deliveries.filter((d) => d.type === 'device.telemetry' && d.status === 409)).toHaveLength(6);

      await w.send('FLASH_LIGHTS');
      await w.sandbox.webhooks.idle();
      expect((await getSnapshot(t.db, w.org.id, w.vehicleId))!.pushedBudgets?.OEM_ENERGY_API_COMMANDS).toMatchObject({
        remaining: 29,
        max: 30,
      });
      // The sandbox's vehicle is not charging unless it was: the low-charge alert marks it then.
      const charging = snapshot.chargingState === 'CHARGING';
      expect((await getSnapshot(t.db, w.org.id, w.vehicleId))!.hasAlerts).toBe(!charging);
    });
  });
}
