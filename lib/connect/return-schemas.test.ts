import { describe, expect, it } from 'vitest';
import { parseConnectReturn } from './return-schemas';

describe('parseConnectReturn', () => {
  it('accepts a well-formed success', () => {
    const link = '0b8f6d1e-4c0e-4b8e-9a51-3f1c2d3e4f50';
    const state = 'A'.repeat(40) + '-_9';
    expect(parseConnectReturn({ result: 'success', accountId: 'acc_123', link, state })).toEqual({
      result: 'success',
      accountId: 'acc_123',
      error: undefined,
      link,
      state,
    });
  });

  it('turns an unknown result into a failure', () => {
    expect(parseConnectReturn({ result: '<script>alert(1)</script>', accountId: 'acc_1' }).result).toBe('failure');
  });

  it('drops hostile account ids and error codes instead of echoing them', () => {
    const parsed = parseConnectReturn({ result: 'success', accountId: '"><img src=x onerror=alert(1)>', error: 'javascript:alert(1)' });
    expect(parsed).toEqual({ result: 'failure', accountId: undefined, error: undefined, link: undefined, state: undefined });
  });

  it('keeps only the first of repeated parameters and ignores unknown ones', () => {
    const parsed = parseConnectReturn({ result: ['failure', 'success'], error: 'ACCESS_DENIED', next: 'https://evil.example' });
    expect(parsed).toEqual({ result: 'failure', accountId: undefined, error: 'ACCESS_DENIED', link: undefined, state: undefined });
  });

  it('refuses a link that is not a uuid', () => {
    expect(parseConnectReturn({ result: 'failure', link: '../../etc' }).link).toBeUndefined();
  });

  it('refuses a state that is not a base64url SHA-256, and overlong or markup values of every field', () => {
    const long = 'A'.repeat(5000);
    expect(parseConnectReturn({ result: 'failure', state: `${'A'.repeat(42)}=` }).state).toBeUndefined();
    expect(parseConnectReturn({ result: 'failure', state: '<script>' }).state).toBeUndefined();
    expect(parseConnectReturn({ result: long, accountId: long, error: long, link: long, state: long })).toEqual({
      result: 'failure',
      accountId: undefined,
      error: undefined,
      link: undefined,
      state: undefined,
    });
    expect(parseConnectReturn({ result: 'success', accountId: 'javascript:alert(1)' })).toMatchObject({
      result: 'failure',
      accountId: undefined,
    });
  });
});
