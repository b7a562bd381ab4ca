import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder, pendingMigrations } from './migrate';
import { databaseLegs, useTestDatabase } from './test-legs.test-support';
import { openTestPglite } from './testing.test-support';

const TABLES = [
  'alert_step_ticks',
  'api_credentials',
  'api_tokens',
  'audit_events',
  'bulk_connections',
  'bulk_job_items',
  'bulk_jobs',
  'charging_tariffs',
  'command_executions',
  'consent_links',
  'eligibility_checks',
  'history_backfills',
  'history_charging_sessions',
  'history_daily_readings',
  'history_gathering',
  'history_journeys',
  'history_vehicle_days',
  'invitations',
  'memberships',
  'notification_conditions',
  'notification_held_mails',
  'notification_preferences',
  'notification_rules',
  'notification_unsubscribes',
  'notifications',
  'organization_faces',
  'organizations',
  'passkeys',
  'password_resets',
  'platform_alert_reads',
  'rate_windows',
  'recovery_codes',
  'report_schedules',
  'revoked_sessions',
  'saved_views',
  'session_step_ups',
  'shared_reads',
  'sign_in_attempts',
  'sso_identities',
  'totp_credentials',
  'unoffered_commands',
  'user_sessions',
  'users',
  'vehicle_snapshots',
  'vehicle_upstream_errors',
  'webauthn_challenges',
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'webhook_endpoints',
  'webhook_events',
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

    it('counts no pending migration once migrated, and every one on an empty database or after a new one', async () => {
      await expect(pendingMigrations(t.db)).resolves.toBe(0);
      const dir = mkdtempSync(path.join(tmpdir(), 'motorpool-migrations-'));
      try {
        // The committed migrations plus one written later: readiness must see this database as behind.
        cpSync(migrationsFolder(), dir, { recursive: true });
        const journalFile = path.join(dir, 'meta', '_journal.json');
        const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
        const last = journal.entries.at(-1)!;
        journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag: '9999_later' });
        writeFileSync(journalFile, JSON.stringify(journal));
        writeFileSync(path.join(dir, '9999_later.sql'), 'select 1;');
        await expect(pendingMigrations(t.db, dir)).resolves.toBe(1);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('enforces lower-case emails in the database itself', async () => {
      await expect(t.db.execute(sql`insert into users (email) values ('Upper@Example.com')`)).rejects.toThrow();
    });
  });
}

describe('pending migrations on a database never migrated', () => {
  it('counts every committed migration', async () => {
    const handle = await openTestPglite({ migrated: false });
    try {
      const { readMigrationFiles } = await import('drizzle-orm/migrator');
      const all = readMigrationFiles({ migrationsFolder: migrationsFolder() }).length;
      expect(all).toBeGreaterThan(0);
      await expect(pendingMigrations(handle.db)).resolves.toBe(all);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
