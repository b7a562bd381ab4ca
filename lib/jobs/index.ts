import 'server-only';

/**
 * Background work of a server process: every recurring job is registered here by name and run by
 * one runner, so an operator sees one list of what runs in the background and the runner can be
 * swapped (in process on the embedded database; a queue shared by every instance on PostgreSQL).
 */
export type RecurringJob = {
  /** `<domain>.<verb>`, unique: the runner keys timers, logs and metrics by it. */
  name: string;
  everyMs: number;
  /** One run; a run is never started while the previous one of the same job is still going. */
  run: (signal: AbortSignal) => Promise<void>;
};

type Runner = {
  jobs: Map<string, RecurringJob>;
  timers: Map<string, ReturnType<typeof setInterval>>;
  running: Set<string>;
  abort?: AbortController;
};

const state = globalThis as { __motorpoolJobs?: Runner };
const runner = (): Runner => (state.__motorpoolJobs ??= { jobs: new Map(), timers: new Map(), running: new Set() });

/** Registers a job; registering a name again replaces the earlier definition (a hot reload). */
export function registerJob(job: RecurringJob): void {
  const current = runner();
  current.jobs.set(job.name, job);
  if (current.abort) schedule(current, job);
}

function schedule(current: Runner, job: RecurringJob): void {
  const previous = current.timers.get(job.name);
  if (previous) clearInterval(previous);
  const timer = setInterval(() => void runOnce(current, job), job.everyMs);
  // A background timer never keeps the process alive on its own.
  timer.unref();
  current.timers.set(job.name, timer);
}

async function runOnce(current: Runner, job: RecurringJob): Promise<void> {
  const signal = current.abort?.signal;
  if (!signal || signal.aborted || current.running.has(job.name)) return;
  current.running.add(job.name);
  try {
    await job.run(signal);
  } catch (error) {
    console.error(`background job ${job.name} failed`, error);
  } finally {
    current.running.delete(job.name);
  }
}

/** Starts every registered job's timer (and any registered later). */
export function startJobs(): void {
  const current = runner();
  if (current.abort) return;
  current.abort = new AbortController();
  for (const job of current.jobs.values()) schedule(current, job);
}

/** Stops the timers and tells running jobs to stop; resolves once they have. */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  const current = runner();
  current.abort?.abort();
  current.abort = undefined;
  for (const timer of current.timers.values()) clearInterval(timer);
  current.timers.clear();
  const until = Date.now() + timeoutMs;
  while (current.running.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Runs one job now, as its timer would (tests, and operators through a script). */
export async function runJobNow(name: string): Promise<void> {
  const current = runner();
  const job = current.jobs.get(name);
  if (!job) throw new Error(`no background job named ${name}`);
  const abort = current.abort ?? new AbortController();
  current.running.add(job.name);
  try {
    await job.run(abort.signal);
  } finally {
    current.running.delete(job.name);
  }
}

export function registeredJobNames(): string[] {
  return [...runner().jobs.keys()].sort();
}
