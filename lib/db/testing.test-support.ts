import 'server-only';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openPglite, openPostgres, type Db, type DbHandle, type DbKind } from './index';
import { TEST_DATABASE_URL, testDatabaseUrl } from '../../scripts/test-database.mjs';
import { migrateDatabase } from './migrate';
import { existingPgliteTemplate, pgliteTemplateKey, pgliteTemplatePath, pgliteTemplatesFolder } from './pglite-template';

export interface TestDatabase {
  kind: DbKind;
  db: Db;
  /** The PostgreSQL database's URL, for a second client as another instance would open it. */
  url?: string;
  /** PGlite's access generation (DbHandle.accessGeneration), for code that caches by it. */
  readonly accessGeneration?: () => number;
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

/**
 * A migrated PGlite folder to copy: a new PGlite folder costs its initdb (10-40 s here) and the
 * migrations, a copy about a second. Made once per key and kept between runs; workers racing to
 * make it each build their own and the first rename wins.
 */
async function pgliteTemplate(): Promise<string> {
  const templates = pgliteTemplatesFolder();
  const template = pgliteTemplatePath();
  if (existingPgliteTemplate()) return template;
  mkdirSync(templates, { recursive: true });
  const building = mkdtempSync(path.join(templates, 'building-'));
  const handle = openPglite(building);
  try {
    await migrateDatabase(handle.db);
  } finally {
    await handle.close();
  }
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/**
 * A migrated PostgreSQL database to create others from (`create database … template …`), named by
 * the template key; made by the first worker that needs it, renamed into place when complete.
 */
async function postgresTemplate(admin: postgres.Sql): Promise<string> {
  const name = `motorpool_template_${pgliteTemplateKey()}`;
  const [found] = await admin`select 1 as found from pg_database where datname = ${name}`;
  if (found) return name;
  const building = `motorpool_template_building_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database "${building}"`);
  const handle = openPostgres(testDatabaseUrl(building), { max: 1 });
  try {
    await migrateDatabase(handle.db);
  } finally {
    await handle.close();
  }
  try {
    await admin.unsafe(`alter database "${building}" rename to "${name}"`);
  } catch {
    await admin.unsafe(`drop database if exists "${building}" with (force)`);
  }
  return name;
}

/**
 * The migrated template as one file to start in-memory databases from: reading it and loading it
 * costs a third less CPU than copying the template's 41 MB folder and deleting it after (most of
 * that was the kernel's copying). Made once per template, from a copy of it (opening the template
 * itself would write to it), and renamed into place when complete. Read once per test file.
 */
let templateDump: Promise<Blob> | undefined;
const pgliteTemplateDump = (): Promise<Blob> => (templateDump ??= readPgliteTemplateDump());

async function readPgliteTemplateDump(): Promise<Blob> {
  return cachedDump(`${await pgliteTemplate()}.tar`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'motorpool-pglite-'));
    cpSync(pgliteTemplatePath(), dir, { recursive: true });
    return { handle: openPglite(dir), done: () => rmSync(dir, { recursive: true, force: true }) };
  });
}

/** The dump at `dump`, written first (from the database `open` gives) when it is not there yet: renamed into place once complete. */
async function cachedDump(dump: string, open: () => { handle: DbHandle; done?: () => void }): Promise<Blob> {
  if (!existsSync(dump)) {
    const { handle, done } = open();
    try {
      const building = `${dump}.${randomBytes(4).toString('hex')}`;
      writeFileSync(building, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
      renameSync(building, dump);
    } finally {
      await handle.close();
      done?.();
    }
  }
  return new Blob([readFileSync(dump)]);
}

/**
 * A never-migrated PGlite database as one file, for the tests of migrating itself: made once per
 * template key from a new in-memory database (its initdb is the 10-40 s), loaded in about a second.
 */
let unmigratedDump: Promise<Blob> | undefined;
const pgliteUnmigratedDump = (): Promise<Blob> => (unmigratedDump ??= readPgliteUnmigratedDump());

async function readPgliteUnmigratedDump(): Promise<Blob> {
  mkdirSync(pgliteTemplatesFolder(), { recursive: true });
  return cachedDump(path.join(pgliteTemplatesFolder(), `pglite-${pgliteTemplateKey()}-unmigrated.tar`), () => ({ handle: openPglite() }));
}

/**
 * A PGlite database in memory with its whole handle, as the process opens one (its access and
 * snapshot generations included): a copy of the migrated template, or of a database never migrated.
 * Closing it is the caller's.
 */
export async function openTestPglite({ migrated }: { migrated: boolean }): Promise<DbHandle> {
  return openPglite(undefined, await (migrated ? pgliteTemplateDump() : pgliteUnmigratedDump()));
}

/**
 * A fresh, migrated database: PGlite in memory, or a uniquely named database on the test
 * PostgreSQL server, removed on close. Both start as a copy of a migrated template; migrating the
 * copy again applies nothing, and guards against a template that fell behind.
 */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    let handle = await openTestPglite({ migrated: true });
    await migrateDatabase(handle.db);
    return {
      kind,
      get db() {
        return handle.db;
      },
      get accessGeneration() {
        return handle.accessGeneration;
      },
      async reopen() {
        const data = await handle.dumpDataDir!();
        await handle.close();
        handle = openPglite(undefined, data);
        return handle.db;
      },
      async close() {
        await handle.close();
      },
    };
  }
  const name = `motorpool_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${await postgresTemplate(admin)}"`);
  const url = testDatabaseUrl(name);
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
