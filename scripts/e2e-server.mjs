// The server of the end-to-end suite: the production build (the standalone server) on a fresh
// database of its own. That is a PostgreSQL database when the test server answers
// (TEST_DATABASE_URL, as the database tests' second leg), else the embedded one; E2E_DATABASE=embedded
// keeps it on the embedded one. On the embedded database (PGlite, WebAssembly) the shared server
// spent about a third of its CPU in the database, on a 2-core machine where the suite is CPU-bound;
// the embedded database keeps its end-to-end cover through the second consoles (e2e/fixtures/second-console.ts).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { spawnServer } from './lib.mjs';
import { TEST_DATABASE_URL as adminUrl, testDatabaseUrl } from './test-database.mjs';

const port = process.env.PORT ?? '3100';

/** A fresh database named after the port (a run on the same port drops the one a killed run left), or undefined when PostgreSQL does not answer. */
async function freshPostgresDatabase() {
  if (process.env.E2E_DATABASE === 'embedded') return undefined;
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'motorpool'}_e2e_${port}`;
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } catch {
    return undefined;
  } finally {
    await admin.end({ timeout: 2 }).catch(() => {});
  }
  return { name, url: testDatabaseUrl(name) };
}

async function dropDatabase(name) {
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
  await admin.end({ timeout: 2 }).catch(() => {});
}

rmSync(process.env.DATA_DIR ?? '.data/e2e', { recursive: true, force: true });
const database = await freshPostgresDatabase();
console.error(`e2e server: ${database ? `PostgreSQL database ${database.name}` : 'the embedded database'}`);
const databaseEnv = database ? { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(32).toString('base64url') } : {};
// Every interface, IPv4 and IPv6: the sign-in throttling test comes from 127.0.0.1 and from ::1 as two addresses.
const child = spawnServer('start', port, { ...process.env, ...databaseEnv, NODE_ENV: 'production', DEMO_PUBLIC: 'true' });
child.on('exit', async (code) => {
  if (database) await dropDatabase(database.name);
  process.exit(code ?? 0);
});
