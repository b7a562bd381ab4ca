import { describe, expect, it } from 'vitest';
import { redact, type UpstreamCallLog } from './log';

describe('redact', () => {
  it('masks every known secret in string fields and leaves the rest', () => {
    const entry: UpstreamCallLog = {
      event: 'vehicle_api.call',
      method: 'GET',
      path: '/v1/x/token-abcdef/y',
      status: 200,
      durationMs: 1,
      attempt: 1,
      requestId: 'secret-123456',
    };
    expect(redact(entry, ['token-abcdef', 'secret-123456', 'short', undefined])).toEqual({
      ...entry,
      path: '/v1/x/[REDACTED]/y',
      requestId: '[REDACTED]',
    });
  });
});
