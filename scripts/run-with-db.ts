import 'server-only';
import { closeDb } from '@/lib/db';

/** Runs an operator script's `main`, closes the database, and exits with its code (1 on an error, with its message). */
export function runWithDb(main: () => Promise<number>): void {
  main()
    .then(async (code) => {
      await closeDb();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      await closeDb().catch(() => {});
      process.exit(1);
    });
}
