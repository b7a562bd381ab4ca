import PgBoss from 'pg-boss';
import type { ExecuteSql } from '@/lib/db';
import { logger } from '@/lib/ops/log';
import type { JobRunner, RecurringJob } from './job';
import { LocalRuns } from './job';

const DEFAULT_EXPIRE_SECONDS = 5 * 60;
const DEADLOCK_DETECTED = '40P01';
/**
 * What instances starting together on an empty database may meet while pg-boss installs its
 * schema (PostgreSQL's catalog refuses the second `CREATE SCHEMA IF NOT EXISTS` or type): the
 * other instance is installing it, so starting again finds it installed.
 */
const INSTALL_RACE = new Set([DEADLOCK_DETECTED, '23505', '42P06', '42710']);

type QueueRunnerOptions = {
  /** How often (once across the cluster) jobs past their expiry are failed and given to a live worker. */
  maintenanceIntervalSeconds: number;
  /** The slowest a worker looks for another instance's ticks and retries (a job's own period when shorter). */
  maxPollingSeconds: number;
};

/**
 * The PostgreSQL runner: pg-boss, over the process's own postgres.js pool (its `db.executeSql`
 * option, so no second driver connects). Every instance sends each job's tick as a pg-boss job
 * keyed by the job's name and its period (`singletonKey` + `singletonSeconds`): the instances'
 * sends of one period make one job, which one worker of the cluster fetches (`FOR UPDATE SKIP
 * LOCKED`). A worker killed mid-run leaves its job active; pg-boss's maintenance fails it after its
 * expiry and it runs again on a live instance. The queues use pg-boss's `short` policy (at most one
 * tick waiting per job), so a run longer than its period never piles up ticks behind it.
 */
export class QueueRunner implements JobRunner {
  readonly #boss: PgBoss;
  readonly #runs = new LocalRuns();
  readonly #timers = new Map<string, ReturnType<typeof setInterval>>();
  readonly #workers = new Map<string, string>();

  readonly #maxPollingSeconds: number;

  private constructor(executeSql: ExecuteSql, { maintenanceIntervalSeconds, maxPollingSeconds }: QueueRunnerOptions) {
    this.#maxPollingSeconds = maxPollingSeconds;
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => executeSql(text, values) },
      schema: 'pgboss',
      // No cron: the ticks are sent by the instances' own timers (cron's finest step is a minute).
      schedule: false,
      maintenanceIntervalSeconds,
      // A tick a second makes 3,600 jobs an hour per job: keep an hour of them, then an hour archived.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterHours: 1,
    });
    this.#boss.on('error', (error) => logger().error({ event: 'job.queue_error', err: error }, 'job queue error'));
  }

  /** Installs or migrates pg-boss's schema (`pgboss`, under its own advisory lock) and starts its maintenance. */
  static async start(executeSql: ExecuteSql, options: Partial<QueueRunnerOptions> = {}): Promise<QueueRunner> {
    for (let attempt = 1; ; attempt++) {
      // A fresh PgBoss each time: one whose start failed stays 'starting' and never starts again.
      const runner = new QueueRunner(executeSql, { maintenanceIntervalSeconds: 10, maxPollingSeconds: 30, ...options });
      try {
        await runner.#boss.start();
        return runner;
      } catch (error) {
        if (!INSTALL_RACE.has((error as { code?: string }).code ?? '') || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  async add(job: RecurringJob): Promise<void> {
    const expireInSeconds = job.expireAfterSeconds ?? DEFAULT_EXPIRE_SECONDS;
    await this.#createQueue(job.name, expireInSeconds);
    if (this.#workers.has(job.name)) await this.#boss.offWork(job.name);
    clearInterval(this.#timers.get(job.name));
    // Another instance's ticks and retries are found by polling; this instance's own at once (notifyWorker).
    const pollingIntervalSeconds = Math.min(this.#maxPollingSeconds, Math.max(0.5, job.everyMs / 1000));
    const workerId = await this.#boss.work(job.name, { pollingIntervalSeconds }, () => this.#runs.run(job, { rethrow: true }));
    this.#workers.set(job.name, workerId);
    const timer = setInterval(
      () =>
        void this.tick(job).catch((error) =>
          logger().error({ event: 'job.queue_failed', job: job.name, err: error }, 'could not queue a background job'),
        ),
      job.everyMs,
    );
    timer.unref();
    this.#timers.set(job.name, timer);
  }

  /**
   * pg-boss creates a queue (a row and a partition of its job table) without a lock: instances
   * starting together can deadlock on it, and PostgreSQL then cancels one of them, which tries again
   * (the row the other made turns its insert into a no-op).
   */
  async #createQueue(name: string, expireInSeconds: number, attemptsLeft = 5): Promise<void> {
    try {
      // One retry: the run of a worker that died (or failed) once more, then the next tick's turn.
      await this.#boss.createQueue(name, { name, policy: 'short', retryLimit: 1, retryDelay: 0, expireInSeconds });
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attemptsLeft <= 1) throw error;
      await this.#createQueue(name, expireInSeconds, attemptsLeft - 1);
    }
  }

  /** What each instance's timer does every period: queue the period's run, unless an instance already has. */
  async tick(job: RecurringJob): Promise<void> {
    const singletonSeconds = Math.max(1, Math.round(job.everyMs / 1000));
    const id = await this.#boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds });
    const workerId = this.#workers.get(job.name);
    if (id && workerId) this.#boss.notifyWorker(workerId);
  }

  runNow(job: RecurringJob): Promise<void> {
    return this.#runs.run(job, { rethrow: true });
  }

  async stop(timeoutMs: number): Promise<void> {
    for (const timer of this.#timers.values()) clearInterval(timer);
    this.#timers.clear();
    // Runs see the abort and end; pg-boss waits for them, then fails what is still active (retried elsewhere).
    const runs = this.#runs.stop(timeoutMs);
    await this.#boss.stop({ graceful: true, timeout: timeoutMs, close: false, wait: true });
    await runs;
  }
}
