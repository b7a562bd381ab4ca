import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { migrateDatabase } from '@/lib/db/migrate';
import { openTestPglite } from '@/lib/db/testing.test-support';
import { drain } from '@/lib/ops/drain';
import { checkReadiness } from './check-readiness';

describe('checkReadiness', () => {
  it('is not ready before migrations, ready after, unready when the database fails, and draining wins', async () => {
    const handle = await openTestPglite({ migrated: false });
    try {
      const db = () => handle.db;
      // The real database gets time to start on a loaded machine; the time-out case has its own.
      const slowly = 60_000;
      await expect(checkReadiness(db, slowly)).resolves.toMatchObject({ ready: false, reason: 'migrations_pending' });
      await migrateDatabase(handle.db);
      await expect(checkReadiness(db, slowly)).resolves.toEqual({ ready: true });

      const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
      await expect(checkReadiness(() => broken)).resolves.toEqual({ ready: false, reason: 'database_unreachable' });
      const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
      await expect(checkReadiness(() => hanging, 50)).resolves.toEqual({ ready: false, reason: 'database_unreachable' });

      await drain({ timeoutMs: 0, close: async () => {} });
      await expect(checkReadiness(db, slowly)).resolves.toEqual({ ready: false, reason: 'draining' });
      // Draining does not depend on the database answering.
      await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await handle.close();
    }
  }, 120_000);
});
