import type { JobRunner, RecurringJob } from './job';
import { LocalRuns } from './job';

/** The embedded database's runner: one process opens the database, so its timers are the only ones. */
export class InProcessRunner implements JobRunner {
  readonly #runs = new LocalRuns();
  readonly #timers = new Map<string, ReturnType<typeof setInterval>>();

  async add(job: RecurringJob): Promise<void> {
    clearInterval(this.#timers.get(job.name));
    const timer = setInterval(() => void this.#runs.run(job), job.everyMs);
    // A background timer never keeps the process alive on its own.
    timer.unref();
    this.#timers.set(job.name, timer);
  }

  runNow(job: RecurringJob): Promise<void> {
    return this.#runs.run(job, { rethrow: true });
  }

  async stop(timeoutMs: number): Promise<void> {
    for (const timer of this.#timers.values()) clearInterval(timer);
    this.#timers.clear();
    await this.#runs.stop(timeoutMs);
  }
}
