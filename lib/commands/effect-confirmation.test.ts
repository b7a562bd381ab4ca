import { describe, expect, it } from 'vitest';
import { confirmationText, judgeEffect } from './effect-confirmation';

const since = new Date('2026-11-24T14:00:00Z');
const at = '2026-11-24T14:02:10Z';

describe('judgeEffect', () => {
  it('confirms a lock when the vehicle reports itself locked after the command, at the time of that data', () => {
    expect(judgeEffect('LOCK_DOORS', null, { security: { locked: true, timestamp: at } }, since)).toEqual({
      confirmation: 'confirmed',
      confirmedAt: new Date(at),
    });
  });

  it('has not seen the effect in data that contradicts it or predates the command', () => {
    expect(judgeEffect('LOCK_DOORS', null, { security: { locked: false, timestamp: at } }, since).confirmation).toBe('not_seen');
    expect(judgeEffect('LOCK_DOORS', null, { security: { locked: true, timestamp: '2026-11-24T13:00:00Z' } }, since).confirmation).toBe(
      'not_seen',
    );
    expect(judgeEffect('LOCK_DOORS', null, { security: { locked: true, timestamp: 'yesterday' } }, since).confirmation).toBe('not_seen');
  });

  it('reads each command’s field: charge limit, charging state, charge port, climate', () => {
    const t = {
      maxStateOfCharge: { value: 80, timestamp: at },
      chargingState: { chargingState: 'CHARGING', chargePortDoorOpen: true, timestamp: at },
      climate: { isOn: false, timestamp: at },
    };
    expect(judgeEffect('SET_CHARGE_LIMIT', { limit: 80 }, t, since).confirmation).toBe('confirmed');
    expect(judgeEffect('SET_CHARGE_LIMIT', { limit: 90 }, t, since).confirmation).toBe('not_seen');
    expect(judgeEffect('START_CHARGING', null, t, since).confirmation).toBe('confirmed');
    expect(judgeEffect('STOP_CHARGING', null, t, since).confirmation).toBe('not_seen');
    expect(judgeEffect('OPEN_CHARGE_PORT', null, t, since).confirmation).toBe('confirmed');
    expect(judgeEffect('CLOSE_CHARGE_PORT', null, t, since).confirmation).toBe('not_seen');
    expect(judgeEffect('CLIMATE_OFF', null, t, since).confirmation).toBe('confirmed');
  });

  it('says the data does not report it when the field is absent, and for commands telemetry cannot show', () => {
    expect(judgeEffect('CLIMATE_ON', null, { security: { locked: true, timestamp: at } }, since).confirmation).toBe('not_reported');
    expect(judgeEffect('HONK_HORN', null, { security: { locked: true, timestamp: at } }, since).confirmation).toBe('not_reported');
    expect(judgeEffect('LOCK_DOORS', null, 'not json', since).confirmation).toBe('not_reported');
  });

  it('words the outcome for the execution view and the history', () => {
    const at = '2026-11-24T14:02:00Z';
    expect(confirmationText({ confirmation: 'confirmed', confirmedAt: at }, 'UTC')).toMatch(/ at (14:02|2:02\sPM)$/);
    // In the person's chosen zone, whatever the machine's.
    expect(confirmationText({ confirmation: 'confirmed', confirmedAt: at }, 'Asia/Kolkata')).toMatch(/ at (19:32|7:32\sPM)$/);
    expect(confirmationText({ confirmation: 'not_seen', confirmedAt: null }, 'UTC')).toBe('Not yet seen in the vehicle’s data');
    expect(confirmationText({ confirmation: null, confirmedAt: null }, 'UTC')).toBeNull();
  });
});
