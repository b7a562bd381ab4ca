import 'server-only';
import type { ExecuteSql } from '@/lib/db';
import { logger } from '@/lib/ops/log';
import { InProcessRunner } from './in-process-runner';
import type { JobRunner, RecurringJob } from './job';

/**
 * Background work of a server process: every recurring job is registered here by name and run by
 * one runner: on PostgreSQL a queue shared by every instance (pg-boss, `./queue-runner.ts`), so
 * each period's run happens once across the cluster and survives a kill; on the embedded database
 * the same jobs on this process's timers.
 */
export type { RecurringJob } from './job';

type Registry = {
  jobs: Map<string, RecurringJob>;
  runner?: JobRunner;
  starting?: Promise<void>;
  /** Loops of this process beside the jobs (the webhook sender), stopped with them. */
  loops?: Map<string, { stop(): Promise<void> }>;
};

const state = globalThis as { __motorpoolJobs?: Registry };
const registry = (): Registry => (state.__motorpoolJobs ??= { jobs: new Map() });

/** Registers a job; registering a name again replaces the earlier definition (a hot reload). */
export function registerJob(job: RecurringJob): void {
  const current = registry();
  current.jobs.set(job.name, job);
  current.runner
    ?.add(job)
    .catch((error) => logger().error({ event: 'job.schedule_failed', job: job.name, err: error }, 'could not schedule a background job'));
}

/**
 * Starts every registered job (and any registered later): on the shared queue when given the
 * PostgreSQL pool's `executeSql`, else in this process.
 */
export async function startJobs(options: { executeSql?: ExecuteSql } = {}): Promise<void> {
  const current = registry();
  if (current.runner) return;
  current.starting ??= (async () => {
    const runner = options.executeSql
      ? await (await import('./queue-runner')).QueueRunner.start(options.executeSql)
      : new InProcessRunner();
    for (const job of current.jobs.values()) await runner.add(job);
    current.runner = runner;
  })().finally(() => {
    current.starting = undefined;
  });
  await current.starting;
}

/** Keeps a process loop to stop with the jobs; a name kept again stops the earlier loop (a hot reload). */
export function keepLoop(name: string, loop: { stop(): Promise<void> }): void {
  const loops = (registry().loops ??= new Map());
  const earlier = loops.get(name);
  loops.set(name, loop);
  void earlier?.stop();
}

/** Stops the timers and tells running jobs to stop; resolves once they have. */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  const current = registry();
  const loops = [...(current.loops?.values() ?? [])];
  current.loops?.clear();
  await Promise.all(loops.map((loop) => loop.stop().catch(() => undefined)));
  await current.starting?.catch(() => {});
  const runner = current.runner;
  current.runner = undefined;
  await runner?.stop(timeoutMs);
}

/** Runs one job now, in this process (tests, and operators through a script). */
export async function runJobNow(name: string): Promise<void> {
  const current = registry();
  const job = current.jobs.get(name);
  if (!job) throw new Error(`no background job named ${name}`);
  await (current.runner ?? new InProcessRunner()).runNow(job);
}

export function registeredJobNames(): string[] {
  return [...registry().jobs.keys()].sort();
}
