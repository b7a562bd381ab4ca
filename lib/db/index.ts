import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { env } from '@/lib/env';
import { lockFolder } from './folder-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver's database; repositories take it as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /**
   * Present when this process is the database's only writer (PGlite): a number that moves on
   * every write to the tables that decide who may open what (users, organizations, memberships,
   * revoked_sessions, totp_credentials, passkeys, api_credentials).
   */
  accessGeneration?: () => number;
  /** Like `accessGeneration`, for writes to the fleet snapshot (vehicle_snapshots). */
  snapshotGeneration?: () => number;
  /** PostgreSQL's LISTEN/NOTIFY, for what several instances must hear from each other at once. */
  notifications?: Notifications;
  /** PostgreSQL only: SQL text on the process's pool, for a library that brings its own SQL (the job queue). */
  executeSql?: ExecuteSql;
  /** PGlite only: a copy of the whole database, to open another in memory from (the test databases). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Notifications {
  /** Calls `onMessage` with each payload sent on `channel` by any connection, this one included. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
}

const ACCESS_WRITE =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?(?:users|organizations|memberships|revoked_sessions|totp_credentials|passkeys|api_credentials)\b/i;
// One sequence for every handle of the process, moved on open too, so a handle opened later
// never repeats a generation an earlier one handed out.
let accessWrites = 0;
const SNAPSHOT_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?vehicle_snapshots\b/i;
let snapshotWrites = 0;

/**
 * PGlite in a folder, or in memory when `dataDir` is undefined; in memory, `from` is a copy of a
 * whole database (`dumpDataDir`) to start from. Queries wait until it is ready.
 */
export function openPglite(dataDir?: string, from?: Blob): DbHandle {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // Before PGlite touches the folder: a second process is refused, naming the first.
    release = lockFolder(dataDir);
  }
  let client: PGlite;
  try {
    client = from ? new PGlite({ loadDataDir: from }) : new PGlite(dataDir);
  } catch (error) {
    release();
    throw error;
  }
  accessWrites += 1;
  snapshotWrites += 1;
  // Drizzle logs each statement as it submits it, and PGlite runs statements in that order.
  const logger = {
    logQuery(query: string) {
      if (ACCESS_WRITE.test(query)) accessWrites += 1;
      else if (SNAPSHOT_WRITE.test(query)) snapshotWrites += 1;
    },
  };
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    accessGeneration: () => accessWrites,
    snapshotGeneration: () => snapshotWrites,
    dumpDataDir: () => client.waitReady.then(() => client.dumpDataDir('none')),
    close: () => client.close().finally(release),
  };
}

/** A value as `pg` would send it (the driver SQL written for `pg` expects): objects as JSON, undefined as null. */
function asPgValue(value: unknown): postgres.ParameterOrJSON<never> {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Uint8Array || Array.isArray(value))
    return value as postgres.ParameterOrJSON<never>;
  return JSON.stringify(value);
}

/** postgres-js connects lazily, on the first query. */
export function openPostgres(url: string, options: { max?: number } = {}): DbHandle {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  const notifications: Notifications = {
    listen: async (channel, onMessage) => {
      await client.listen(channel, onMessage);
    },
    notify: async (channel, payload) => {
      await client.notify(channel, payload);
    },
  };
  const executeSql: ExecuteSql = async (text, values = []) => {
    const parameters = values.map(asPgValue);
    // pg-boss sends its migrations and maintenance as one `BEGIN; …; COMMIT;` string: postgres.js
    // runs such a transaction only on a connection reserved for it, rolled back if a statement fails.
    if (/^\s*BEGIN\s*;/i.test(text)) {
      const reserved = await client.reserve();
      try {
        return { rows: [...(await reserved.unsafe(text, parameters))] };
      } catch (error) {
        await reserved.unsafe('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        reserved.release();
      }
    }
    return { rows: [...(await client.unsafe(text, parameters))] };
  };
  return { db, kind: 'postgres', notifications, executeSql, close: () => client.end({ timeout: 5 }) };
}

type Holder = { handle?: DbHandle };
// On globalThis so dev-mode module reloads and several bundles in one process share one instance.
const holder = ((globalThis as { __motorpoolDb?: Holder }).__motorpoolDb ??= {});

/** The process's database handle, opened on first use (never at import: builds import route modules). */
export function getDbHandle(): DbHandle {
  if (!holder.handle) {
    const { DATABASE_URL, DATA_DIR } = env();
    holder.handle = DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(path.resolve(process.cwd(), DATA_DIR, 'pglite'));
  }
  return holder.handle;
}

export function getDb(): Db {
  return getDbHandle().db;
}

/** Closes the process's database (scripts, tests); the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const handle = holder.handle;
  holder.handle = undefined;
  await handle?.close();
}
