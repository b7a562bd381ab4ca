import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openPglite, openPostgres, type Db, type DbHandle, type DbKind } from './index';
import { migrateDatabase } from './migrate';

// A test-only setting: the application never reads it, so it stays out of lib/env.ts.
// eslint-disable-next-line no-restricted-properties
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  kind: DbKind;
  db: Db;
  /** The PostgreSQL database's URL, for a second client as another instance would open it. */
  url?: string;
  /** Closes this handle and opens a new one on the same data, as a restarted process would. */
  reopen(): Promise<Db>;
  /** Closes and deletes the database. */
  close(): Promise<void>;
}

let availability: Promise<boolean> | undefined;

/** Whether the PostgreSQL at TEST_DATABASE_URL answers (checked once per process). */
export function postgresAvailable(): Promise<boolean> {
  availability ??= (async () => {
    const sql = postgres(TEST_DATABASE_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await sql`select 1`;
      return true;
    } catch {
      return false;
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  })();
  return availability;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database: PGlite in a temporary folder, or a uniquely named database on
 * the test PostgreSQL server, removed on close.
 */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'motorpool-pglite-'));
    let handle = openPglite(dir);
    await migrateDatabase(handle.db);
    return {
      kind,
      get db() {
        return handle.db;
      },
      async reopen() {
        await handle.close();
        handle = openPglite(dir);
        return handle.db;
      },
      async close() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `motorpool_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = withDatabase(TEST_DATABASE_URL, name);
  let handle = openPostgres(url, { max: 4 });
  try {
    await migrateDatabase(handle.db);
  } catch (error) {
    await handle.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    throw error;
  }
  return {
    kind,
    url,
    get db() {
      return handle.db;
    },
    async reopen() {
      await handle.close();
      handle = openPostgres(url, { max: 4 });
      return handle.db;
    },
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * Makes `database` the one `getDb()` answers, for tests that drive the BFF's verbs (they take the
 * process's database, as route handlers do). Closing stays the test's.
 */
export function useAsProcessDatabase(database: TestDatabase): void {
  const holder = ((globalThis as { __motorpoolDb?: { handle?: DbHandle } }).__motorpoolDb ??= {});
  holder.handle = {
    kind: database.kind,
    close: async () => {},
    get db() {
      return database.db;
    },
  };
}
