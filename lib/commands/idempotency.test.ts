import { describe, expect, it } from 'vitest';
import { commandFingerprint, createSubmitKeys, randomKey } from './idempotency';

function keys() {
  let n = 0;
  return createSubmitKeys(() => `key-${++n}`);
}
const lock = commandFingerprint('veh-1', { command: 'LOCK_DOORS' });
const unlock = commandFingerprint('veh-1', { command: 'UNLOCK_DOORS' });

describe('idempotency keys of the command panel', () => {
  it('gives a double submit of the same command one key while the first is in flight', () => {
    const k = keys();
    expect(k.keyFor(lock)).toBe('key-1');
    expect(k.keyFor(lock)).toBe('key-1');
  });

  it('keeps the key after a dropped response or a 5xx, so the press that retries cannot execute twice', () => {
    const k = keys();
    const first = k.keyFor(lock);
    k.settle(first, undefined);
    expect(k.keyFor(lock)).toBe(first);
    k.settle(first, 502);
    expect(k.keyFor(lock)).toBe(first);
  });

  it('makes a new key once an answer settled the command, so pressing again sends again', () => {
    const k = keys();
    const first = k.keyFor(lock);
    k.settle(first, 200);
    expect(k.keyFor(lock)).toBe('key-2');
    k.settle('key-2', 409);
    expect(k.keyFor(lock)).toBe('key-3');
  });

  it('makes a new key after a pause the server says sent nothing, so the press after it can send', () => {
    const k = keys();
    const first = k.keyFor(lock);
    k.settle(first, 503, 'UPSTREAM_PAUSED');
    expect(k.keyFor(lock)).toBe('key-2');
    k.settle('key-2', 503, 'SERVER_ERROR');
    expect(k.keyFor(lock)).toBe('key-2');
  });

  it('starts a new intent for another command or other arguments', () => {
    const k = keys();
    expect(k.keyFor(lock)).toBe('key-1');
    expect(k.keyFor(unlock)).toBe('key-2');
    const limit80 = commandFingerprint('veh-1', { command: 'SET_CHARGE_LIMIT', args: { limit: 80 } });
    const limit90 = commandFingerprint('veh-1', { command: 'SET_CHARGE_LIMIT', args: { limit: 90 } });
    expect(k.keyFor(limit80)).toBe('key-3');
    expect(k.keyFor(limit90)).toBe('key-4');
  });

  it('ignores the late answer of an older attempt', () => {
    const k = keys();
    const old = k.keyFor(lock);
    const current = k.keyFor(unlock);
    k.settle(old, 200);
    expect(k.keyFor(unlock)).toBe(current);
  });

  it('reads arguments in any key order as the same intent', () => {
    const a = commandFingerprint('v', { command: 'SET_TEMPERATURE', args: { driverTemperature: 21, passengerTemperature: 20 } });
    const b = commandFingerprint('v', { command: 'SET_TEMPERATURE', args: { passengerTemperature: 20, driverTemperature: 21 } });
    expect(a).toBe(b);
  });

  it('makes keys the server accepts', () => {
    expect(randomKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(randomKey());
  });
});
