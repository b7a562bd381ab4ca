import { createLoader } from 'nuqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandHistoryParams, commandHistoryQuery } from './command-history-params';

const load = createLoader(commandHistoryParams);
let processZone: string | undefined;

describe('the command history filters', () => {
  beforeEach(() => {
    processZone = process.env.TZ;
    // The "browser" zone differs from the zones chosen below, so reading the bounds in it would show.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterEach(() => {
    process.env.TZ = processZone;
  });

  it('reads From and Until in the person’s chosen zone, not the browser’s', () => {
    const filters = load('?from=2026-11-24T09:00&to=2026-11-24T17:30');
    expect(Object.fromEntries(commandHistoryQuery(filters, 'America/New_York'))).toEqual({
      from: '2026-11-24T14:00:00.000Z',
      to: '2026-11-24T22:30:00.000Z',
    });
    expect(Object.fromEntries(commandHistoryQuery(filters, 'Europe/Paris'))).toEqual({
      from: '2026-11-24T08:00:00.000Z',
      to: '2026-11-24T16:30:00.000Z',
    });
  });

  it('reads a time across a change of clocks at that date’s offset', () => {
    // New York is on summer time (UTC-4) until 1 November 2026.
    const filters = load('?from=2026-10-31T09:00&to=2026-11-02T09:00');
    expect(Object.fromEntries(commandHistoryQuery(filters, 'America/New_York'))).toEqual({
      from: '2026-10-31T13:00:00.000Z',
      to: '2026-11-02T14:00:00.000Z',
    });
  });

  it('passes the other filters as they are', () => {
    const filters = load('?state=failed&command=LOCK_DOORS&user=ada%40example.com');
    expect(Object.fromEntries(commandHistoryQuery(filters, 'UTC'))).toEqual({
      state: 'failed',
      command: 'LOCK_DOORS',
      user: 'ada@example.com',
    });
  });

  it('drops values it does not know instead of sending them', () => {
    const filters = load('?state=exploded&command=SELF_DESTRUCT&from=tomorrow&to=2026-13-01T10:00');
    expect(filters).toEqual({ state: null, command: null, user: '', from: '', to: '' });
    expect(commandHistoryQuery(filters, 'UTC').toString()).toBe('');
  });
});
