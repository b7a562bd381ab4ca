import 'server-only';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Db } from './index';

// The same journal table drizzle-kit's own migrator keeps, so either tool can take over.
const journal = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** Any fixed number; only the migrating instances compete for it. */
const MIGRATION_LOCK = 7_311_004_451;

export function migrationsFolder(): string {
  return path.join(process.cwd(), 'lib', 'db', 'migrations');
}

/**
 * Applies the committed migrations not applied yet, in one transaction. Instances of a
 * scaled-out deployment may start together: a transaction-scoped advisory lock makes them
 * migrate one after the other instead of racing on the same DDL.
 */
export async function migrateDatabase(db: Db, folder = migrationsFolder()): Promise<{ applied: number }> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const [last] = await tx.select().from(journal).orderBy(desc(journal.createdAt)).limit(1);
    let applied = 0;
    for (const migration of migrations) {
      if (last && Number(last.createdAt) >= migration.folderMillis) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.insert(journal).values({ hash: migration.hash, createdAt: migration.folderMillis });
      applied += 1;
    }
    return { applied };
  });
}

/**
 * How many committed migrations this database has not applied (readiness: an instance whose
 * schema is behind its code must not take traffic). A database never migrated counts them all.
 */
export async function pendingMigrations(db: Db, folder = migrationsFolder()): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const found = await db.execute<{ exists: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  const rows = Array.isArray(found) ? found : (found as unknown as { rows: { exists: boolean }[] }).rows;
  if (!rows[0]?.exists) return migrations.length;
  const [last] = await db.select().from(journal).orderBy(desc(journal.createdAt)).limit(1);
  return migrations.filter((m) => !last || Number(last.createdAt) < m.folderMillis).length;
}
