/**
 * Runs once when a server process starts: validates the environment, then migrates the
 * database, reconciles command records left mid-way by a crash and seeds, in this one process
 * (PGlite lets one process at a time open its folder).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('@/lib/startup/start-server');
  await startServer();
}
