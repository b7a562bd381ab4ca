import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '@/lib/ops/capture-log.test-support';
import { VehicleApiError } from '@/lib/vehicle-api/errors';
import { registerJob, registeredJobNames, runJobNow, startJobs, stopJobs } from './index';

let log: ReturnType<typeof captureLog>;
beforeEach(() => {
  log = captureLog();
});
afterEach(async () => {
  await stopJobs();
  log.restore();
});

describe('background jobs', () => {
  it('runs a registered job on its interval once started, never two runs of one job at once', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    registerJob({
      name: 'test.slow',
      everyMs: 5,
      run: async () => {
        running += 1;
        if (running > 1) overlapped = true;
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        running -= 1;
      },
    });
    startJobs();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 2000 });
    expect(overlapped).toBe(false);
    expect(registeredJobNames()).toContain('test.slow');
  });

  it('keeps running after a run throws, logs the failure, and stops when told', async () => {
    let runs = 0;
    registerJob({
      name: 'test.failing',
      everyMs: 5,
      run: async () => {
        runs += 1;
        throw new Error('boom');
      },
    });
    startJobs();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 2000 });
    await stopJobs();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(after);
    expect(log.lines()[0]).toMatchObject({ level: 'error', event: 'job.failed', job: 'test.failing', err: { message: 'boom' } });
  });

  it('logs an upstream failure without the body the upstream sent', async () => {
    const error = new VehicleApiError({
      code: 'UPSTREAM_CONTRACT_MISMATCH',
      status: 200,
      endpoint: 'GET /v1/vehicles',
      message: 'GET /v1/vehicles returned a body that does not match the contract',
      raw: { access_token: 'job-log-access-token-0123456789', owner: 'body-only-marker' },
    });
    registerJob({ name: 'test.upstream', everyMs: 60_000, run: () => Promise.reject(error) });
    await runJobNow('test.upstream').catch(() => undefined);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        event: 'job.failed',
        job: 'test.upstream',
        err: expect.objectContaining({ code: 'UPSTREAM_CONTRACT_MISMATCH' }),
      }),
    ]);
    expect(log.text()).not.toContain('job-log-access-token-0123456789');
    expect(log.text()).not.toContain('body-only-marker');
  });

  it('runs one job on demand and refuses an unknown name', async () => {
    let runs = 0;
    registerJob({ name: 'test.manual', everyMs: 60_000, run: async () => void (runs += 1) });
    await runJobNow('test.manual');
    expect(runs).toBe(1);
    await expect(runJobNow('test.nothing')).rejects.toThrow('no background job named test.nothing');
  });
});
