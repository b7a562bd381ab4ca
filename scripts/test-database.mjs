// The PostgreSQL the tests use when it answers: vitest's second database leg, the end-to-end
// server and the cluster specs each make databases of their own under it. A test-only setting:
// the application never reads it, so it stays out of lib/env.ts.

/** The server's admin connection (a database to create others from). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The same server's database `name`.
 * @param {string} name
 * @returns {string}
 */
export function testDatabaseUrl(name) {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
