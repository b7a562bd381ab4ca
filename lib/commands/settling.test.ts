import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExecutionView } from './execution-view';
import { stillSettling } from './settling';

const SETTLED_AT = '2026-01-01T10:00:00.000Z';

function execution(changes: Partial<ExecutionView>): ExecutionView {
  return {
    id: 'e1',
    vehicleId: 'v1',
    command: 'LOCK_DOORS',
    arguments: null,
    requestedBy: null,
    state: 'executed',
    requestedAt: '2026-01-01T09:59:50.000Z',
    executedAt: SETTLED_AT,
    executedAtRaw: null,
    settledAt: SETTLED_AT,
    origin: 'motorpool',
    confirmation: null,
    confirmedAt: null,
    status: 'EXECUTED',
    failedReason: null,
    errorCode: null,
    upstreamExecutionId: 'u1',
    upstreamRequestId: null,
    ...changes,
  };
}

describe('stillSettling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is true while pending, false once failed, refused or unknown', () => {
    vi.setSystemTime(new Date(SETTLED_AT));
    expect(stillSettling(execution({ state: 'pending', settledAt: null }))).toBe(true);
    for (const state of ['failed', 'rejected', 'unknown'] as const) expect(stillSettling(execution({ state }))).toBe(false);
  });

  it('waits a minute after EXECUTED for the confirmation of a command whose effect telemetry shows', () => {
    vi.setSystemTime(new Date(Date.parse(SETTLED_AT) + 59_999));
    expect(stillSettling(execution({}))).toBe(true);
    expect(stillSettling(execution({ confirmation: 'confirmed' }))).toBe(false);
    expect(stillSettling(execution({ command: 'HONK_HORN' }))).toBe(false);
    vi.setSystemTime(new Date(Date.parse(SETTLED_AT) + 60_000));
    expect(stillSettling(execution({}))).toBe(false);
  });
});
