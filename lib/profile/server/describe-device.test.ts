import { describe, expect, it } from 'vitest';
import { describeDevice } from './describe-device';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Chrome 124 on macOS',
      'desktop',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox 125 on Windows 10', 'desktop'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
      'mobile',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
      'tablet',
    ],
    ['curl/8.5.0', 'Unknown device', 'other'],
    ['', 'Unknown device', 'other'],
    [null, 'Unknown device', 'other'],
  ])('%s → %s (%s)', (userAgent, device, deviceKind) => {
    expect(describeDevice(userAgent)).toEqual({ device, deviceKind });
  });
});
