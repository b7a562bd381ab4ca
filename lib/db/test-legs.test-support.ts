import 'server-only';
import { afterAll, beforeAll } from 'vitest';
import type { Db, DbKind } from './index';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './testing.test-support';

export interface DatabaseLeg {
  kind: DbKind;
  available: boolean;
}

/** PGlite always; PostgreSQL when it answers. Use with `describe.skipIf(!leg.available)`. */
export async function databaseLegs(): Promise<DatabaseLeg[]> {
  return [
    { kind: 'pglite', available: true },
    { kind: 'postgres', available: await postgresAvailable() },
  ];
}

/** A fresh migrated database for the enclosing describe block. */
export function useTestDatabase(kind: DbKind): { readonly db: Db; readonly database: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  const current = () => {
    if (!database) throw new Error('test database not ready');
    return database;
  };
  return {
    get db() {
      return current().db;
    },
    get database() {
      return current();
    },
  };
}
