import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerJob, registeredJobNames, runJobNow, startJobs, stopJobs } from './index';

afterEach(async () => {
  await stopJobs();
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

  it('keeps running after a run throws, and stops when told', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
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
    expect(errors).toHaveBeenCalledWith('background job test.failing failed', expect.any(Error));
    await stopJobs();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(after);
    errors.mockRestore();
  });

  it('runs one job on demand and refuses an unknown name', async () => {
    let runs = 0;
    registerJob({ name: 'test.manual', everyMs: 60_000, run: async () => void (runs += 1) });
    await runJobNow('test.manual');
    expect(runs).toBe(1);
    await expect(runJobNow('test.nothing')).rejects.toThrow('no background job named test.nothing');
  });
});
