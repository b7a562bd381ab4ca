import 'server-only';
import { env, environmentProblems } from '@/lib/env';

/**
 * Start-up of a server process: a bad environment or a database that cannot be prepared stops
 * the process with the reason, rather than serving a console that fails on every request.
 */
export async function startServer(): Promise<void> {
  const problems = environmentProblems();
  if (problems) {
    console.error(problems);
    process.exit(1);
  }
  const { publicDemoProblem } = await import('@/lib/auth/demo-exposure');
  const exposure = publicDemoProblem(env());
  if (exposure) {
    console.error(exposure);
    process.exit(1);
  }
  // Before the first request: Next names its request spans through the provider registered here.
  const { startTracing } = await import('@/lib/ops/tracing');
  await startTracing();
  // Before anything else: sign-in throttling needs each request's real peer address.
  const { installPeerAddressStamp } = await import('@/lib/auth/server/stamp-peer-address');
  installPeerAddressStamp();
  const { installSignalDrain, trackRequests } = await import('@/lib/ops/drain');
  trackRequests();
  // The launch scripts take signals from Next (NEXT_MANUAL_SIG_HANDLE), so a SIGTERM drains:
  // /api/ready turns 503, the listener closes, requests in flight finish, the database closes, exit 0.
  if (env().NEXT_MANUAL_SIG_HANDLE) {
    installSignalDrain({
      timeoutMs: env().SHUTDOWN_TIMEOUT_MS,
      close: async () => {
        const [{ stopJobs }, { closeDb }] = await Promise.all([import('@/lib/jobs'), import('@/lib/db')]);
        await stopJobs(2_000);
        await closeDb();
      },
    });
  }
  try {
    const { prepareDatabase } = await import('@/lib/startup/seed');
    await prepareDatabase();
    if (env().BACKGROUND_JOBS) {
      const { startBackgroundJobs } = await import('@/lib/startup/background-jobs');
      await startBackgroundJobs();
    }
  } catch (error) {
    // Another process holding the embedded database is an operator's matter, not a crash: no stack.
    console.error(
      'Motorpool could not prepare its database:',
      (error as Error).name === 'FolderLockedError' ? (error as Error).message : error,
    );
    process.exit(1);
  }
}
