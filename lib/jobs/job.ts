import { logger } from '@/lib/ops/log';

/**
 * What every background job runner shares: the shape of a recurring job, and the runs of one
 * process (never two runs of one job at once in a process; a failed run is logged).
 */
export type RecurringJob = {
  /** `<domain>.<verb>`, unique: the runner keys timers, queues, logs and metrics by it. */
  name: string;
  everyMs: number;
  /**
   * On the shared queue (PostgreSQL): how long a run may take before its worker is counted dead and
   * the run is given to another instance. Five minutes unless set; keep it above a normal run.
   */
  expireAfterSeconds?: number;
  /** One run; it stops early when the signal aborts (the process is stopping). */
  run: (signal: AbortSignal) => Promise<void>;
};

export interface JobRunner {
  /** Starts running the job on its interval; adding a name again replaces the earlier definition (a hot reload). */
  add(job: RecurringJob): Promise<void>;
  /** One run now, in this process (unless this process is already running the job); errors reach the caller. */
  runNow(job: RecurringJob): Promise<void>;
  /** Stops the interval, tells running jobs to stop and resolves once they have (or after `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
}

export class LocalRuns {
  readonly #running = new Set<string>();
  readonly #abort = new AbortController();

  /** One run unless this process is stopping or already running the job. */
  async run(job: RecurringJob, { rethrow = false } = {}): Promise<void> {
    if (this.#abort.signal.aborted || this.#running.has(job.name)) return;
    this.#running.add(job.name);
    try {
      await job.run(this.#abort.signal);
    } catch (error) {
      logger().error({ event: 'job.failed', job: job.name, err: error }, 'background job failed');
      if (rethrow) throw error;
    } finally {
      this.#running.delete(job.name);
    }
  }

  async stop(timeoutMs: number): Promise<void> {
    this.#abort.abort();
    const until = Date.now() + timeoutMs;
    while (this.#running.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
