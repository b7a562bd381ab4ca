import { describe, expect, it } from 'vitest';
import { budgetKind, commandBudget, newestCommandBudget, spentBudgetReason } from './command-availability';

const readAt = new Date('2026-11-23T14:03:00Z');
const limit = (key: string, remainingRequests: number, windowSizeSeconds = 3600) => ({
  key,
  remainingRequests,
  maxRequests: 10,
  windowSizeSeconds,
});

describe('the command budget gates the buttons', () => {
  it('reads the kind of a budget from the end of its key, brand prefixes included', () => {
    expect(budgetKind('OEM_ENERGY_API_COMMANDS')).toBe('COMMANDS');
    expect(budgetKind('BMW_ENERGY_API_COMMANDS')).toBe('COMMANDS');
    expect(budgetKind('BMW_ENERGY_API_STOP_COMMANDS')).toBe('STOP_COMMANDS');
    expect(budgetKind('OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE')).toBe('COMMANDS_AND_FETCH_STATE');
    expect(budgetKind('SOMETHING_ELSE')).toBeNull();
    expect(budgetKind(null)).toBeNull();
    expect(commandBudget([limit('BMW_ENERGY_API_STOP_COMMANDS', 3), limit('BMW_ENERGY_API_COMMANDS', 5)])?.remainingRequests).toBe(5);
  });

  it('blocks every command when the command budget is spent, saying when it renews at the latest', () => {
    const limits = [limit('BMW_ENERGY_API_COMMANDS', 0), limit('BMW_ENERGY_API_STOP_COMMANDS', 10)];
    const reason = spentBudgetReason('LOCK_DOORS', limits, readAt, 'UTC');
    expect(reason).toContain('no remote commands left');
    expect(reason).toContain('BMW_ENERGY_API_COMMANDS');
    expect(reason).toMatch(/renews by 15:03 at the latest/);
    expect(spentBudgetReason('STOP_CHARGING', limits, readAt, 'UTC')).toBeDefined();
  });

  it('blocks only stopping a charge when the stop-command budget is spent', () => {
    const limits = [limit('OEM_ENERGY_API_COMMANDS', 4), limit('OEM_ENERGY_API_STOP_COMMANDS', 0, 600)];
    expect(spentBudgetReason('STOP_CHARGING', limits, readAt, 'UTC')).toMatch(/no stop-charging commands left .* renews by 14:13/);
    expect(spentBudgetReason('START_CHARGING', limits, readAt, 'UTC')).toBeUndefined();
    expect(spentBudgetReason('LOCK_DOORS', limits, readAt, 'UTC')).toBeUndefined();
  });

  it('blocks nothing on budgets it does not know or that report no figure', () => {
    expect(spentBudgetReason('LOCK_DOORS', [{ key: 'OEM_ENERGY_API_COMMANDS' }, limit('OTHER_QUOTA', 0)], readAt, 'UTC')).toBeUndefined();
    expect(spentBudgetReason('LOCK_DOORS', [], readAt, 'UTC')).toBeUndefined();
  });

  it('says the renewal plainly when the window is not reported', () => {
    expect(spentBudgetReason('LOCK_DOORS', [{ key: 'OEM_ENERGY_API_COMMANDS', remainingRequests: 0 }], readAt, 'UTC')).toMatch(
      /renews when the manufacturer’s window ends/,
    );
  });

  it('shows the newer of the upstream read and the pushed rate_limit.updated, with its time and where it came from', () => {
    const pushed = {
      key: 'OEM_ENERGY_API_COMMANDS',
      remainingRequests: 4,
      maxRequests: 10,
      windowSizeSeconds: 3600,
      at: '2026-11-23T14:05:00.000Z',
    };
    const limits = [limit('OEM_ENERGY_API_COMMANDS', 6)];
    expect(newestCommandBudget({ limits, readAt: '2026-11-23T14:00:00.000Z', pushed: [pushed] })).toMatchObject({
      remainingRequests: 4,
      asOf: '2026-11-23T14:05:00.000Z',
      fromEvent: true,
    });
    expect(newestCommandBudget({ limits, readAt: '2026-11-23T14:10:00.000Z', pushed: [pushed] })).toMatchObject({
      remainingRequests: 6,
      asOf: '2026-11-23T14:10:00.000Z',
      fromEvent: false,
    });
    // The upstream could not be asked: the pushed figure stands, with its own time.
    expect(newestCommandBudget({ limits: [], readAt: null, pushed: [pushed] })).toMatchObject({ remainingRequests: 4, fromEvent: true });
    expect(newestCommandBudget({ limits: [], readAt: null, pushed: [] })).toBeUndefined();
  });
});
