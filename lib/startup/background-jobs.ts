import 'server-only';
import { getDb, getDbHandle } from '@/lib/db';
import { pruneSignInAttempts } from '@/lib/db/repos/sign-in-attempts';
import { pruneRateWindows } from '@/lib/db/repos/rate-windows';
import { getOrganizationById } from '@/lib/db/repos/organizations';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { confirmCommandEffects } from '@/lib/commands/server/confirm-command-effects';
import { settleCommands, type ApiForOrganization } from '@/lib/commands/server/settle-commands';
import { applyPendingWebhookEvents, pruneOldWebhookEvents } from '@/lib/webhooks/server/apply-webhook-event';
import { configureEmbeddedWebhookTargets } from '@/lib/webhooks/server/manage-webhook-settings';
import { env, usesEmbeddedSandbox } from '@/lib/env';
import { refreshSnapshots, DEFAULT_BUDGET_TTL_MS } from '@/lib/snapshot/server/refresh-snapshots';
import { keepLoop, registerJob, runJobNow, startJobs } from '@/lib/jobs';
import { logger } from '@/lib/ops/log';
import { runBulkJobs } from '@/lib/bulk/server/run-bulk-jobs';
import { notificationsEvaluateJob } from '@/lib/notifications/server/evaluate-job';
import { notificationsDigestJob } from '@/lib/notifications/server/send-digests';
import { pruneOutboundWebhooks, webhooksDeliverJob } from '@/lib/notifications/server/webhook-deliveries';
import { startWebhookSender, webhookWake } from '@/lib/notifications/server/webhook-sender';
import { randomUUID } from 'node:crypto';
import { gatherHistory, HISTORY_GATHER_TICK_MS, historyPolicyOf } from '@/lib/history/server/gather-history';
import { pruneExpiredHistory } from '@/lib/history/server/prune-history';
import { reportsScheduleJob } from '@/lib/reports/server/send-scheduled-reports';

const HOUR_MS = 60 * 60_000;
/** This process's name on bulk job leases: a restarted process is another owner and waits out the old lease. */
const PROCESS_ID = randomUUID();

/** Each organization's client, as the routes use it (one per organization and process). */
const apiForOrganization: ApiForOrganization = async (organizationId) => {
  const org = await getOrganizationById(getDb(), organizationId);
  return org ? orgVehicleApi(org) : undefined;
};

/** The settler's clients: none for an organization that switched polling off (its outcomes come from events). */
const pollingApiForOrganization: ApiForOrganization = async (organizationId) => {
  const org = await getOrganizationById(getDb(), organizationId);
  return org?.commandPolling ? orgVehicleApi(org) : undefined;
};

const historyPolicy = () => historyPolicyOf(env());
const STARTUP_HISTORY_DELAY_MS = 60_000;

/**
 * Every recurring job of a server process, in one list, run by `lib/jobs`: on PostgreSQL through
 * the queue the instances share (each period's run once across the cluster), on PGlite in process.
 * The jobs' own claims (the settle job's conditional UPDATE, bulk leases) still decide each record.
 */
export async function startBackgroundJobs(): Promise<void> {
  registerJob({
    name: 'sign-in.prune',
    everyMs: HOUR_MS,
    run: async () => {
      await pruneSignInAttempts(getDb());
      await pruneRateWindows(getDb());
    },
  });
  registerJob({
    name: 'commands.settle',
    everyMs: 1_000,
    run: async () => {
      // A send still REQUESTING after its deadline (and a margin for the writes) lost its request.
      await settleCommands(getDb(), pollingApiForOrganization, new Date(), {
        interruptedAfterMs: env().VEHICLE_API_DEADLINE_MS + 30_000,
        timeoutWithoutClient: true,
      });
    },
  });
  registerJob({
    name: 'commands.confirm-effects',
    everyMs: 2_000,
    run: async () => {
      await confirmCommandEffects(getDb(), apiForOrganization, new Date(), { delayMs: 3_000 });
    },
  });
  registerJob({
    name: 'bulk.run',
    everyMs: 1_000,
    run: async (signal) => {
      // A lease of 15 s, renewed before each vehicle: a job left by a stopped process is resumed 15 s later.
      while (
        !signal.aborted &&
        (await runBulkJobs(getDb(), { owner: PROCESS_ID, leaseMs: 15_000, apiFor: apiForOrganization }, signal))?.progressed
      );
    },
  });
  registerJob({
    name: 'events.apply',
    everyMs: 2_000,
    run: async () => {
      // Webhook events recorded whose apply after the answer never finished (a crash, a failure).
      await applyPendingWebhookEvents(getDb());
    },
  });
  registerJob({
    name: 'events.prune',
    everyMs: HOUR_MS,
    run: async () => {
      await pruneOldWebhookEvents(getDb());
      // Outbound: settled deliveries past their retention, previous signing secrets past their overlap.
      await pruneOutboundWebhooks(getDb(), new Date(), env().WEBHOOK_DELIVERY_RETENTION_DAYS);
    },
  });
  registerJob({
    name: 'fleet.snapshot',
    // Each tick reads only the vehicles whose last read is older than their interval.
    everyMs: 60_000,
    expireAfterSeconds: 15 * 60,
    run: async (signal) => {
      const e = env();
      const policy = {
        intervalMs: e.SNAPSHOT_INTERVAL_MINUTES * 60_000,
        budgetShare: e.SNAPSHOT_BUDGET_SHARE,
        budgetTtlMs: DEFAULT_BUDGET_TTL_MS,
        concurrency: 8,
        // Vehicles kept fresh by events are not read while events arrive.
        eventsSilenceMs: e.EVENTS_SILENCE_MINUTES * 60_000,
        // Battery state of health changes over months: once a day is plenty (and costs 1 of ~50 daily reads).
        stateOfHealthIntervalMs: 24 * HOUR_MS,
      };
      await refreshSnapshots(getDb(), apiForOrganization, () => new Date(), policy, signal);
    },
  });
  registerJob({
    name: 'history.gather',
    // Each tick asks only for the due vehicles' lists, within each vehicle's budget share.
    everyMs: HISTORY_GATHER_TICK_MS,
    expireAfterSeconds: 30 * 60,
    run: async (signal) => {
      await gatherHistory(getDb(), apiForOrganization, () => new Date(), historyPolicy(), signal);
    },
  });
  registerJob({
    name: 'history.prune',
    everyMs: 6 * HOUR_MS,
    run: async () => {
      await pruneExpiredHistory(getDb(), new Date(), historyPolicy().retentionMonths);
    },
  });
  registerJob(notificationsEvaluateJob(getDb));
  registerJob(notificationsDigestJob(getDb));
  registerJob(webhooksDeliverJob(getDb));
  registerJob(reportsScheduleJob(getDb));
  await startJobs({ executeSql: getDbHandle().executeSql });
  keepLoop('notifications.webhook_sender', startWebhookSender({ db: getDb, wake: webhookWake() }));
  configureEmbeddedWebhookTargets().catch((error) =>
    logger().error({ event: 'sandbox.webhook_targets_failed', err: error }, 'could not configure the embedded sandbox’s webhook targets'),
  );
  // The demo's fleet views have data at once rather than after the first tick.
  if (usesEmbeddedSandbox()) {
    void runJobNow('fleet.snapshot').catch((error) =>
      logger().error({ event: 'job.failed', job: 'fleet.snapshot', err: error }, 'background job failed'),
    );
    // The demo's reports have data a minute after start rather than after the first tick (ten). Not at
    // once: the first pass backfills every vehicle on the embedded database and holds the process about a
    // minute, which the first sign-ins after start-up must not wait for.
    setTimeout(
      () =>
        void runJobNow('history.gather').catch((error) =>
          logger().error({ event: 'job.failed', job: 'history.gather', err: error }, 'background job failed'),
        ),
      STARTUP_HISTORY_DELAY_MS,
    ).unref();
  }
}
