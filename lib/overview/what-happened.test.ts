import { describe, expect, it } from 'vitest';
import { commandProblems, outcomeOfCommand, problemReason } from './what-happened';

const row = (over: Partial<Parameters<typeof commandProblems>[0][number]>) => ({
  id: 'e1',
  vehicleId: 'v1',
  command: 'LOCK_DOORS',
  status: null,
  localStatus: 'SENT',
  failedReason: null,
  errorCode: null,
  requestedAt: new Date('2026-11-29T10:00:00Z'),
  requestedBy: 'u1',
  origin: 'motorpool',
  ...over,
});

describe('what happened on the overview', () => {
  it('counts a refused command as failed and a lost answer as unknown', () => {
    expect(outcomeOfCommand({ status: 'FAILED', localStatus: 'SENT' })).toBe('failed');
    expect(outcomeOfCommand({ status: null, localStatus: 'REJECTED' })).toBe('failed');
    expect(outcomeOfCommand({ status: null, localStatus: 'UNKNOWN' })).toBe('unknown');
    expect(outcomeOfCommand({ status: 'PENDING', localStatus: 'SENT' })).toBe('pending');
  });

  it('words each reason from the catalog, keeping the code beside it', () => {
    expect(problemReason(row({ status: 'FAILED', failedReason: 'OEM_VEHICLE_OFFLINE' }))).toEqual({
      reason: 'The vehicle is offline.',
      code: 'OEM_VEHICLE_OFFLINE',
    });
    expect(problemReason(row({ localStatus: 'REJECTED', errorCode: 'COMMAND_ALREADY_IN_PROGRESS' })).reason).toMatch(
      /^A command is already running on this vehicle: nothing was sent/,
    );
    expect(problemReason(row({ localStatus: 'UNKNOWN', errorCode: 'TIMEOUT' })).reason).toMatch(/not known whether/);
  });

  it('lists only failed and unknown commands, newest first as given, with the sender, at most the limit', () => {
    const rows = [
      row({ id: 'a', status: 'EXECUTED' }),
      row({ id: 'b', status: 'FAILED', failedReason: 'OEM_VEHICLE_OFFLINE' }),
      row({ id: 'c', localStatus: 'UNKNOWN', requestedBy: null, origin: 'external' }),
      row({ id: 'd', status: 'PENDING' }),
      row({ id: 'e', localStatus: 'REJECTED', errorCode: 'RATE_LIMITED', requestedBy: 'gone' }),
    ];
    const listed = commandProblems(rows, new Map([['u1', 'manager@demo.test']]), 2);
    expect(listed.map((p) => [p.id, p.outcome, p.sentBy])).toEqual([
      ['b', 'failed', 'manager@demo.test'],
      ['c', 'unknown', 'another client'],
    ]);
    expect(listed[0]).toMatchObject({
      commandLabel: 'Lock doors',
      reason: 'The vehicle is offline.',
      requestedAt: '2026-11-29T10:00:00.000Z',
    });
    expect(commandProblems(rows, new Map(), 10).map((p) => p.sentBy)).toEqual(['former member', 'another client', 'former member']);
  });
});
