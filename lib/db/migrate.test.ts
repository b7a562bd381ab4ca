import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from './migrate';
import { databaseLegs, useTestDatabase } from './test-legs';

const TABLES = [
  'api_tokens',
  'audit_events',
  'command_executions',
  'consent_links',
  'eligibility_checks',
  'invitations',
  'memberships',
  'organizations',
  'password_resets',
  'revoked_sessions',
  'sign_in_attempts',
  'unoffered_commands',
  'users',
  'vehicle_snapshots',
];

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`migrations on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('creates every table', async () => {
      const rows = await t.db
        .select({ name: sql<string>`table_name` })
        .from(sql`information_schema.tables`)
        .where(sql`table_schema = 'public'`);
      expect(rows.map((r) => r.name).sort()).toEqual(TABLES);
    });

    it('applies nothing the second time', async () => {
      await expect(migrateDatabase(t.db)).resolves.toEqual({ applied: 0 });
    });

    it('enforces lower-case emails in the database itself', async () => {
      await expect(t.db.execute(sql`insert into users (email) values ('Upper@Example.com')`)).rejects.toThrow();
    });
  });
}
