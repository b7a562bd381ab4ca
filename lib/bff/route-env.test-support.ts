import { afterAll, vi } from 'vitest';

/** The console's address in a route test: what APP_URL says, so the place its requests go and its links point. */
export const CONSOLE_URL = 'http://console.test';

/**
 * The environment a route test's handlers read (a session secret, APP_URL at CONSOLE_URL), put
 * back when the file ends, and the time a test and a hook get to make a PGlite database from the
 * template. Called at the top of the file, before the route is imported: lib/env.ts reads the
 * environment once. The file's `vi.mock`s stay in the file: Vitest hoists them per file.
 */
export function stubRouteEnv(): void {
  vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');
  vi.stubEnv('APP_URL', CONSOLE_URL);
  vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
  afterAll(() => vi.unstubAllEnvs());
}
