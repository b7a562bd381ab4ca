import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-fetch';
import { registerStepUpPrompt, STEP_UP_CANCELLED_MESSAGE, type StepUpRequest } from './step-up';

const REFUSAL = {
  error: {
    code: 'STEP_UP_REQUIRED',
    message: 'Opening a vehicle needs you to confirm it is you.',
    details: { action: 'vehicle.open', organization: 'demo', methods: { code: false, passkey: false, password: true } },
  },
};

/** A server that refuses each request until `proven`, then answers it; records what it was sent. */
function stubServer() {
  const state = { proven: false, calls: [] as { body: unknown; key: string | null }[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      state.calls.push({ body: init.body, key: new Headers(init.headers).get('Idempotency-Key') });
      const [status, body] = state.proven ? [200, { sent: true }] : [403, REFUSAL];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return state;
}

const unlock = () =>
  apiFetch('/api/o/demo/vehicles/v1/commands', {
    method: 'POST',
    json: { command: 'UNLOCK_DOORS' },
    headers: { 'Idempotency-Key': 'key-12345678' },
  });

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  vi.unstubAllGlobals();
});

describe('apiFetch and a refusal for want of a step-up', () => {
  it('asks the prompt, then repeats the very request once (same body, same idempotency key)', async () => {
    const server = stubServer();
    const asked: StepUpRequest[] = [];
    unmount = registerStepUpPrompt(async (request) => {
      asked.push(request);
      server.proven = true;
      return true;
    });
    await expect(unlock()).resolves.toEqual({ sent: true });
    expect(asked).toEqual([
      { organization: 'demo', message: REFUSAL.error.message, methods: { code: false, passkey: false, password: true } },
    ]);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toEqual(server.calls[0]);
    expect(server.calls[1].key).toBe('key-12345678');
  });

  it('leaves the action undone when the prompt is cancelled, and says so', async () => {
    const server = stubServer();
    unmount = registerStepUpPrompt(async () => false);
    await expect(unlock()).rejects.toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED', message: STEP_UP_CANCELLED_MESSAGE });
    expect(server.calls).toHaveLength(1);
  });

  it('repeats only once: a second refusal is the answer', async () => {
    const server = stubServer();
    unmount = registerStepUpPrompt(async () => true);
    await expect(unlock()).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED', message: REFUSAL.error.message });
    expect(server.calls).toHaveLength(2);
  });

  it('asks once for requests refused together', async () => {
    const server = stubServer();
    let prompts = 0;
    let confirm: (proven: boolean) => void = () => {};
    unmount = registerStepUpPrompt(() => {
      prompts += 1;
      return new Promise((resolve) => (confirm = resolve));
    });
    const both = Promise.all([unlock(), unlock()]);
    await vi.waitFor(() => expect(prompts).toBe(1));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    server.proven = true;
    confirm(true);
    await expect(both).resolves.toEqual([{ sent: true }, { sent: true }]);
    expect(prompts).toBe(1);
  });

  it('hands the refusal on as it came where no prompt is mounted', async () => {
    const server = stubServer();
    await expect(unlock()).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED', message: REFUSAL.error.message });
    expect(server.calls).toHaveLength(1);
  });
});
