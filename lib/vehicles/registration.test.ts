import { describe, expect, it } from 'vitest';
import { registrationDateText } from './registration';

describe('registrationDateText', () => {
  it('shows the day a YYYY-MM-DD date names, whatever the time zone', () => {
    expect(registrationDateText('2021-03-04', 'en-GB')).toBe('4 Mar 2021');
    expect(registrationDateText('2021-01-01', 'en-US')).toBe('Jan 1, 2021');
  });

  it('reads the date part of a timestamp the contract profile may still send', () => {
    expect(registrationDateText('2021-03-04T00:00:00Z', 'en-GB')).toBe('4 Mar 2021');
  });

  it('shows anything that is no date as it came, and nothing as null', () => {
    expect(registrationDateText('2021-02-30', 'en-GB')).toBe('2021-02-30');
    expect(registrationDateText('soon', 'en-GB')).toBe('soon');
    expect(registrationDateText(null)).toBeNull();
  });
});
