/**
 * Notification rules over a 10,000-vehicle snapshot (BENCH_NOTIFY_VEHICLES) with 50 rules
 * (BENCH_NOTIFY_RULES: no data, disconnected, alert severity in turn), 0.1% of the vehicles silent,
 * 0.1% disconnected and 0.1% with a critical alert: (1) the first pass, which tells every condition;
 * (2) the steady pass a minute later, which finds the same conditions already told. Upstream
 * calls: none by construction (`evaluateRules` is handed no Vehicle API client; it reads the
 * snapshot and Motorpool's records); the figures are database time per pass on PGlite.
 */
import { createTestDatabase } from '@/lib/db/testing.test-support';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { insertRule, listRules, updateRule } from '@/lib/db/repos/notifications/rules';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { recordConnection, recordPushedAlert } from '@/lib/db/repos/vehicle-snapshots/readings';
import { upsertRoster, type RosterEntry } from '@/lib/db/repos/vehicle-snapshots/roster';
import type { NotificationKind } from '@/lib/db/schema';
import { evaluateRules } from '@/lib/notifications/server/evaluate-rules';

const VEHICLES = Number(process.env.BENCH_NOTIFY_VEHICLES ?? 10_000);
const RULES = Number(process.env.BENCH_NOTIFY_RULES ?? 50);
const HOUR_MS = 3_600_000;
const NOW = Date.UTC(2026, 0, 5, 12);

export default async function notificationsBench() {
  process.env.AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-00';
  const database = await createTestDatabase('pglite');
  const db = database.db;
  const org = await createOrganization(db, { slug: 'bench', name: 'Bench', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  const admin = await createUser(db, { email: 'admin@bench.test' });
  await ensureMembership(db, org.id, admin.id, 'admin');
  for (const rule of await listRules(db, org.id)) await updateRule(db, org.id, rule.id, { enabled: false });

  const entries: RosterEntry[] = Array.from({ length: VEHICLES }, (_, i) => ({
    vehicleId: `veh-${i}`,
    vin: null,
    make: null,
    model: null,
    registrationPlate: null,
    isListening: true,
    connectionStatus: 'CONNECTED',
    // Every thousandth vehicle silent for two days; the rest seen within the hour.
    lastSeenAt: new Date(NOW - (i % 1_000 === 0 ? 48 * HOUR_MS : (i % 60) * 60_000)),
  }));
  for (let i = 0; i < entries.length; i += 1_000) await upsertRoster(db, org.id, entries.slice(i, i + 1_000), new Date(NOW - HOUR_MS));
  for (let i = 1; i < VEHICLES; i += 1_000) {
    await recordConnection(db, org.id, `veh-${i}`, 'DISCONNECTED', new Date(NOW - 30 * 60_000));
    const alerted = `veh-${i + 1}`;
    await recordPushedAlert(db, org.id, alerted, `al-${i}`, {
      active: true,
      muted: false,
      code: 'HV',
      severity: 'CRITICAL',
      at: new Date(NOW - 60_000).toISOString(),
    });
  }
  const kinds: NotificationKind[] = ['no_data', 'vehicle_disconnected', 'alert_severity'];
  for (let r = 0; r < RULES; r += 1) {
    const kind = kinds[r % kinds.length]!;
    await insertRule(db, org.id, {
      name: `rule ${r}`,
      kind,
      params: kind === 'no_data' ? { hours: 24 } : kind === 'alert_severity' ? { severity: 'HIGH' } : {},
      channels: ['console'],
      recipients: { roles: ['admin'], userIds: [], sender: false },
      enabled: true,
    });
  }

  const pass = async (label: string, at: number) => {
    const started = performance.now();
    const summary = await evaluateRules(db, new Date(at), { organizationId: org.id, mailer: null });
    const ms = performance.now() - started;
    console.log(
      `${label}: ${ms.toFixed(0)} ms database time for ${summary.rules} rules over ${VEHICLES} vehicles (${summary.opened} told, ${summary.cleared} cleared; 0 upstream calls)`,
    );
  };
  await pass('first pass', NOW);
  await pass('steady pass', NOW + 60_000);
  await pass('steady pass', NOW + 120_000);
  await database.close();
}
