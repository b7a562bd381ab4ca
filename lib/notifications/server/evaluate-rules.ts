import 'server-only';
import { UNKNOWN_OUTCOME } from '@/lib/bulk/retry';
import type { Db } from '@/lib/db';
import { listOpenConditions } from '@/lib/db/repos/notifications/conditions';
import {
  lastEventReceivedAt,
  listBulkJobsFinishedWithFailures,
  listVehicleFacts,
  type VehicleFacts,
} from '@/lib/db/repos/notifications/facts';
import { listEnabledRules } from '@/lib/db/repos/notifications/rules';
import type { NotificationRule } from '@/lib/db/schema';
import { isUrgent } from '../delivery-timing';
import { hoursText, severityAtLeast } from '../kinds';
import { logger } from '@/lib/ops/log';
import { tellCleared, tellOpened, type DeliveryOptions } from './deliver-notification';
import { organizationApi, scopeCache, type ScopeApiFor } from './rule-scope';

const HOUR_MS = 3_600_000;
/** "2 failed, 1 outcome unknown": a row whose command may have reached its vehicle is not called failed. */
const bulkProblems = (job: { failed: number; unknown: number }) =>
  [job.failed > 0 ? `${job.failed} failed` : null, job.unknown > 0 ? `${job.unknown} outcome unknown` : null].filter(Boolean).join(', ');

/** A bulk job is looked at for this long after it finished (a pass that was down catches up). */
const BULK_LOOKBACK_MS = 24 * HOUR_MS;

export const PERIODIC_KINDS = ['no_data', 'vehicle_disconnected', 'alert_severity', 'bulk_failures', 'events_stopped'] as const;

/** `unchecked`: the names of rules skipped this pass because their scope (a tag or view) could not be read from the upstream. */
export type EvaluationSummary = { rules: number; opened: number; cleared: number; unchecked: string[] };

type Found = {
  subject: string;
  condition: string;
  senderId?: string | null;
  message: { title: string; body: string; vehicleId?: string; bulkJobId?: string; urgent?: boolean };
};
type Clearing = { title: string; body: string; vehicleId?: string };

const isVehicleKind = (rule: NotificationRule) =>
  rule.kind === 'no_data' || rule.kind === 'vehicle_disconnected' || rule.kind === 'alert_severity';
const vehicleSubject = (vehicleId: string) => `vehicle:${vehicleId}`;
const vehicleOf = (subject: string) => (subject.startsWith('vehicle:') ? subject.slice('vehicle:'.length) : undefined);

/** The conditions a rule finds now in the organization's own records, and how each clears. */
async function findConditions(
  db: Db,
  rule: NotificationRule,
  now: Date,
  facts: () => Promise<VehicleFacts[]>,
): Promise<{ found: Found[]; clearing: (subject: string) => Clearing | null }> {
  switch (rule.kind) {
    case 'no_data': {
      const hours = rule.params.hours ?? 24;
      const vehicles = await facts();
      const silent = vehicles.filter((v) => v.lastReportAt !== null && now.getTime() - v.lastReportAt.getTime() >= hours * HOUR_MS);
      return {
        found: silent.map((v) => ({
          subject: vehicleSubject(v.vehicleId),
          condition: 'no_data',
          message: {
            title: `No data from ${v.vehicleId} for ${hoursText(hours)}`,
            body: `Vehicle ${v.vehicleId} last reported ${v.lastReportAt!.toISOString()}.`,
            vehicleId: v.vehicleId,
          },
        })),
        clearing: (subject) => {
          const id = vehicleOf(subject);
          return id
            ? {
                title: `${id} reports again`,
                body: `Vehicle ${id} sent data again after a silence of ${hoursText(hours)} or more.`,
                vehicleId: id,
              }
            : null;
        },
      };
    }
    case 'vehicle_disconnected': {
      const vehicles = await facts();
      return {
        found: vehicles
          .filter((v) => v.connectionStatus === 'DISCONNECTED')
          .map((v) => ({
            subject: vehicleSubject(v.vehicleId),
            condition: 'disconnected',
            message: {
              title: `${v.vehicleId} disconnected`,
              body: `Vehicle ${v.vehicleId} is no longer connected; its owner may need a new consent link.`,
              vehicleId: v.vehicleId,
            },
          })),
        clearing: (subject) => {
          const id = vehicleOf(subject);
          return id ? { title: `${id} connected again`, body: `Vehicle ${id} is connected again.`, vehicleId: id } : null;
        },
      };
    }
    case 'alert_severity': {
      const threshold = rule.params.severity ?? 'CRITICAL';
      const vehicles = await facts();
      const found: Found[] = [];
      for (const v of vehicles) {
        for (const [alertId, alert] of Object.entries(v.pushedAlerts ?? {})) {
          if (!alert.active || alert.muted || !severityAtLeast(alert.severity, threshold)) continue;
          found.push({
            subject: vehicleSubject(v.vehicleId),
            condition: `alert:${alertId}`,
            message: {
              title: `${alert.severity} alert on ${v.vehicleId}`,
              body: `Platform alert ${alert.code ?? alertId} is active on vehicle ${v.vehicleId}.`,
              vehicleId: v.vehicleId,
              urgent: isUrgent(rule.kind, alert.severity),
            },
          });
        }
      }
      // An alert that is over clears silently (told again if it comes back): the vehicle's alerts page says it resolved.
      return { found, clearing: () => null };
    }
    case 'bulk_failures': {
      const jobs = await listBulkJobsFinishedWithFailures(
        db,
        rule.organizationId,
        new Date(now.getTime() - BULK_LOOKBACK_MS),
        UNKNOWN_OUTCOME,
      );
      return {
        found: jobs.map((job) => ({
          subject: `bulk:${job.id}`,
          condition: 'failures',
          senderId: job.createdBy,
          message: {
            title: `Bulk job finished with ${bulkProblems(job)} of ${job.total}`,
            body: `The ${job.action} job left ${bulkProblems(job)}${job.unknown > 0 ? ' (those with an unknown outcome may have reached their vehicle: check before sending again)' : ''}.`,
            bulkJobId: job.id,
          },
        })),
        clearing: () => null,
      };
    }
    case 'events_stopped': {
      const hours = rule.params.hours ?? 1;
      const last = await lastEventReceivedAt(db, rule.organizationId);
      const stopped = last !== null && now.getTime() - last.getTime() >= hours * HOUR_MS;
      return {
        found: stopped
          ? [
              {
                subject: 'organization',
                condition: 'events_stopped',
                message: {
                  title: `No pushed events for ${hoursText(hours)}`,
                  body: `The last event arrived ${last.toISOString()}. Check the webhook settings with the vendor.`,
                },
              },
            ]
          : [],
        clearing: () => ({ title: 'Pushed events arrive again', body: 'Events arrive again; the fleet views are kept fresh by them.' }),
      };
    }
    case 'command_failed':
      return { found: [], clearing: () => null };
  }
}

/**
 * One pass of the periodic rules over every organization (or one): each condition found is told
 * once (`tellOpened`), and each open one no longer found is told as cleared. Run by the
 * `notifications.evaluate` job: once per period across the cluster.
 */
export async function evaluateRules(
  db: Db,
  now: Date,
  options: DeliveryOptions & { organizationId?: string; signal?: AbortSignal; apiFor?: ScopeApiFor } = {},
): Promise<EvaluationSummary> {
  const rules = await listEnabledRules(db, PERIODIC_KINDS, options.organizationId);
  const summary: EvaluationSummary = { rules: rules.length, opened: 0, cleared: 0, unchecked: [] };
  const factsByOrg = new Map<string, Promise<VehicleFacts[]>>();
  const delivery = { ...options, now };
  const inScope = scopeCache(db, options.apiFor ?? organizationApi, now);
  for (const rule of rules) {
    if (options.signal?.aborted) break;
    let scope: Set<string> | null;
    try {
      scope = isVehicleKind(rule) ? await inScope(rule) : null;
    } catch (error) {
      // Unknown scope: nothing is opened or cleared this pass (clearing would tell "reports again" falsely).
      logger().warn({ event: 'notifications.scope_failed', ruleId: rule.id, err: error }, 'a rule’s scope could not be read');
      summary.unchecked.push(rule.name);
      continue;
    }
    const covers = (subject: string) => {
      const id = vehicleOf(subject);
      return !scope || id === undefined || scope.has(id);
    };
    const facts = () => {
      let read = factsByOrg.get(rule.organizationId);
      if (!read) factsByOrg.set(rule.organizationId, (read = listVehicleFacts(db, rule.organizationId)));
      return read;
    };
    const conditions = await findConditions(db, rule, now, facts);
    const { clearing } = conditions;
    const found = conditions.found.filter((f) => covers(f.subject));
    const keyOf = (c: { subject: string; condition: string }) => `${c.subject}\n${c.condition}`;
    // What the rule already told stays quiet without a write: a pass over a steady fleet costs two reads per rule.
    const open = await listOpenConditions(db, rule.id);
    const alreadyOpen = new Set(open.map(keyOf));
    const present = new Set(found.map(keyOf));
    for (const f of found) {
      if (alreadyOpen.has(keyOf(f))) continue;
      const told = await tellOpened(db, rule, { subject: f.subject, condition: f.condition }, f.message, {
        ...delivery,
        senderId: f.senderId,
      });
      if (told.changed) summary.opened += 1;
    }
    // A vehicle gone from the snapshot or the scope is not said to report again.
    const known = isVehicleKind(rule) ? new Set((await facts()).map((v) => vehicleSubject(v.vehicleId)).filter(covers)) : undefined;
    for (const condition of open) {
      if (present.has(keyOf(condition))) continue;
      const words = known && !known.has(condition.subject) ? null : clearing(condition.subject);
      if ((await tellCleared(db, rule, condition, words, delivery)).changed) summary.cleared += 1;
    }
  }
  return summary;
}
