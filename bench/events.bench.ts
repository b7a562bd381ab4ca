/**
 * `npm run bench events`: the webhook receiver on this machine. Signed events (command.updated
 * for open executions, and device.telemetry) are received as the route receives them (verify,
 * record) and applied, CONCURRENCY at a time, on the embedded database (PGlite) and, when the
 * test PostgreSQL answers (TEST_DATABASE_URL), on PostgreSQL too. Prints events per second
 * recorded and applied, and p50/p99 from receipt to applied. In-process: the HTTP layer is not
 * counted (the route adds a body read and one JSON answer).
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { recordCommandRequested, recordCommandSent } from '@/lib/db/repos/command-executions';
import { createOrganization, setWebhookSecret } from '@/lib/db/repos/organizations';
import { createTestDatabase, postgresAvailable } from '@/lib/db/testing.test-support';
import type { DbKind } from '@/lib/db';
import { applyWebhookEvent } from '@/lib/webhooks/server/apply-webhook-event';
import { receiveWebhook } from '@/lib/webhooks/server/receive-webhook';
import { median, quantile } from './support/stats';

const EVENTS = 1_000;
const CONCURRENCY = 8;

async function run(kind: DbKind): Promise<void> {
  const database = await createTestDatabase(kind);
  const db = database.db;
  try {
    const org = await createOrganization(db, { slug: 'bench', name: 'Bench', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await setWebhookSecret(db, org.id, secret);
    const signer = new Webhook(secret);
    // Half the events settle an open execution, half are telemetry (recorded only).
    const executions: { upstreamId: string; vehicleId: string }[] = [];
    for (let i = 0; i < EVENTS / 2; i++) {
      const vehicleId = `veh_${i % 50}`;
      const record = await recordCommandRequested(db, { organizationId: org.id, vehicleId, command: 'LOCK_DOORS', requestedBy: null });
      const upstreamId = `cmd_${randomBytes(8).toString('hex')}`;
      await recordCommandSent(db, record.id, {
        upstreamExecutionId: upstreamId,
        status: 'PENDING',
        failedReason: null,
        executedAt: null,
        executedAtRaw: null,
      });
      executions.push({ upstreamId, vehicleId });
    }
    const bodies = Array.from({ length: EVENTS }, (_, i) => {
      const e = executions[Math.floor(i / 2)];
      return i % 2 === 0
        ? {
            type: 'command.updated',
            timestamp: new Date().toISOString(),
            data: {
              id: e.upstreamId,
              deviceType: 'VEHICLE',
              deviceId: e.vehicleId,
              command: 'LOCK_DOORS',
              status: 'EXECUTED',
              failedReason: null,
            },
          }
        : {
            type: 'device.telemetry',
            timestamp: new Date().toISOString(),
            data: { metricType: 'STATE_OF_CHARGE', vehicle: e.vehicleId, timestamp: new Date().toISOString() },
          };
    });

    const recordedMs: number[] = [];
    const appliedMs: number[] = [];
    let next = 0;
    let refused = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const id = `msg_${randomBytes(8).toString('hex')}`;
          const now = new Date();
          const rawBody = JSON.stringify(body);
          const headers = new Headers({
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signer.sign(id, now, rawBody),
          });
          const receivedAt = performance.now();
          const answer = await receiveWebhook(db, { orgSlug: 'bench', headers, rawBody });
          recordedMs.push(performance.now() - receivedAt);
          if (!answer.recordedId) {
            refused++;
            continue;
          }
          await applyWebhookEvent(db, answer.recordedId);
          appliedMs.push(performance.now() - receivedAt);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${kind}: ${EVENTS} signed events (half command.updated, half device.telemetry), ${CONCURRENCY} at a time${refused ? `, ${refused} refused (!)` : ''}`,
    );
    console.log(
      `  received, verified and applied: ${(appliedMs.length / seconds).toFixed(0)} events/s (${seconds.toFixed(2)} s), each answered (2xx) once recorded, applied right after`,
    );
    console.log(
      `  receipt to answer (verify + record): p50 ${median(recordedMs).toFixed(1)} ms, p99 ${quantile(recordedMs, 0.99).toFixed(1)} ms`,
    );
    console.log(`  receipt to applied: p50 ${median(appliedMs).toFixed(1)} ms, p99 ${quantile(appliedMs, 0.99).toFixed(1)} ms`);
  } finally {
    await database.close();
  }
}

export default async function eventsBench(): Promise<void> {
  await run('pglite');
  if (await postgresAvailable()) await run('postgres');
  else console.log('postgres: not reachable at TEST_DATABASE_URL, skipped');
}
