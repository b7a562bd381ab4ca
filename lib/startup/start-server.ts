import 'server-only';
import { environmentProblems } from '@/lib/env';

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
  try {
    const { prepareDatabase } = await import('@/lib/startup/seed');
    await prepareDatabase();
  } catch (error) {
    console.error('Motorpool could not prepare its database:', error);
    process.exit(1);
  }
}
