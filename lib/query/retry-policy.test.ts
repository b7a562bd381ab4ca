import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-fetch';
import { createQueryClient } from './query-client';
import { queryRetryDelayMs, shouldRetryQuery } from './retry-policy';

const failure = (status: number, body: { retryable?: boolean; retryAfterSeconds?: number; code?: string } = {}) =>
  new ApiClientError(status, { code: 'X', message: 'failed', ...body });

describe('which failed queries the browser repeats', () => {
  it('never repeats a 4xx, a 429 with a Retry-After included', () => {
    expect(shouldRetryQuery(0, failure(404))).toBe(false);
    expect(shouldRetryQuery(0, failure(429, { retryable: true, retryAfterSeconds: 2 }))).toBe(false);
    expect(shouldRetryQuery(0, failure(409, { retryable: true }))).toBe(false);
  });

  it('never repeats a 5xx the server did not mark retryable (it has made its own upstream retries)', () => {
    expect(shouldRetryQuery(0, failure(502))).toBe(false);
    expect(shouldRetryQuery(0, failure(504))).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('repeats a retryable 5xx once, after the wait the server asked for', () => {
    const error = failure(502, { retryable: true, retryAfterSeconds: 8 });
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(false);
    expect(queryRetryDelayMs(0, error)).toBe(8000);
    expect(queryRetryDelayMs(0, failure(503, { retryable: true }))).toBe(1000);
  });

  it('does not wait out a very long Retry-After in silence', () => {
    expect(shouldRetryQuery(0, failure(502, { retryable: true, retryAfterSeconds: 120 }))).toBe(false);
  });
});

describe('the console QueryClient', () => {
  afterEach(() => vi.useRealTimers());

  async function callsFor(error: unknown): Promise<number> {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => {
      throw error;
    });
    const observer = new QueryObserver(client, { queryKey: ['x', Math.random()], queryFn });
    const settled = new Promise<void>((resolve) => {
      const stop = observer.subscribe((result) => {
        if (result.status === 'error') {
          stop();
          resolve();
        }
      });
    });
    await vi.runAllTimersAsync();
    await settled;
    client.clear();
    return queryFn.mock.calls.length;
  }

  it('asks once for a failing view whose error is not retryable', async () => {
    expect(await callsFor(failure(502))).toBe(1);
    expect(await callsFor(failure(429, { retryAfterSeconds: 1 }))).toBe(1);
    expect(await callsFor(new TypeError('Failed to fetch'))).toBe(1);
  });

  it('asks twice at most for a retryable one', async () => {
    expect(await callsFor(failure(503, { retryable: true, retryAfterSeconds: 1 }))).toBe(2);
  });
});
