import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { type PostedWebhook, webhookSandbox } from './sandbox.test-support';

/** A sandbox whose webhook sender posts into a list, with the demo organization's target configured. */
async function world(commandDelayMs = 30) {
  // Commands also spend budgets (rate_limit.updated): only the command's own events are looked at here.
  const { sandbox, org, secret, token, posted } = await webhookSandbox({
    seed: 7,
    commandDelayMs,
    keep: (type) => type === 'command.updated',
  });
  const vehicleId = sandbox.fixtures(org.id).onlineListeningVehicleId;
  const send = async (segment = 'flash-lights') => {
    const response = await sandbox.fetch(`http://sandbox.test/v1/vehicles/${vehicleId}/command-execution:${segment}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as { id: string; status: string };
  };
  const verified = (p: PostedWebhook) => new Webhook(secret).verify(p.body, p.headers) as { type: string; data: Record<string, unknown> };
  return { sandbox, posted, send, verified, vehicleId };
}

describe('the sandbox’s webhook sender', () => {
  it('posts command.updated, signed with the organization’s secret, when a command settles', async () => {
    const w = await world();
    const execution = await w.send();
    expect(w.posted).toHaveLength(0);
    await w.sandbox.webhooks.idle();
    expect(w.posted).toHaveLength(1);
    expect(w.verified(w.posted[0])).toMatchObject({
      type: 'command.updated',
      data: { id: execution.id, deviceId: w.vehicleId, deviceType: 'VEHICLE', command: 'FLASH_LIGHTS', status: 'EXECUTED' },
    });
  });

  it('sends nothing for an organization without a target', async () => {
    const w = await world();
    w.sandbox.webhooks.configure(w.sandbox.organizations[0].id, null);
    await w.send();
    await w.sandbox.webhooks.idle();
    expect(w.posted).toHaveLength(0);
  });

  it('makes the faults asked for: a duplicate, an older state after the newer, a late delivery, a bad signature', async () => {
    const w = await world();
    w.sandbox.webhooks.injectFault({ kind: 'duplicate', type: 'command.updated' });
    await w.send('flash-lights');
    await w.sandbox.webhooks.idle();
    expect(w.posted).toHaveLength(2);
    expect(w.posted[1].headers).toEqual(w.posted[0].headers);

    w.sandbox.webhooks.injectFault({ kind: 'out_of_order', type: 'command.updated' });
    const second = await w.send('honk-horn');
    await w.sandbox.webhooks.idle();
    const [newer, older] = w.posted.slice(2).map(w.verified);
    expect(newer.data).toMatchObject({ id: second.id, status: 'EXECUTED' });
    expect(older.data).toMatchObject({ id: second.id, status: 'PENDING' });

    w.sandbox.webhooks.injectFault({ kind: 'late', lateMs: 200, type: 'command.updated' });
    const sentAt = Date.now();
    await w.send('lock-doors');
    await w.sandbox.webhooks.idle();
    expect(w.posted).toHaveLength(5);
    expect(w.posted[4].at - sentAt).toBeGreaterThanOrEqual(200);

    w.sandbox.webhooks.injectFault({ kind: 'bad_signature', type: 'command.updated' });
    await w.send('unlock-doors');
    await w.sandbox.webhooks.idle();
    expect(() => w.verified(w.posted[5])).toThrow();
  });
});
