import 'server-only';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb } from '@/lib/db';
import { listCommandExecutions } from '@/lib/db/repos/command-executions';
import { listConsentLinks } from '@/lib/db/repos/consent-links';
import { listOpenEligibilityChecks } from '@/lib/db/repos/eligibility-checks';
import { refreshOpenChecks } from '@/lib/eligibility/server/refresh-check';
import { hasWebhookSecret } from '@/lib/db/repos/organizations';
import { lastWebhookEventAt } from '@/lib/db/repos/webhook-events';
import { env } from '@/lib/env';
import { eventsNotice } from '@/lib/webhooks/events-silence';
import { fleetSummary } from './get-fleet-summary';
import { snapshotFigures } from '@/lib/db/repos/vehicle-snapshots';
import { CHARGING_STATES, PLUGGED_IN_STATES } from '@/lib/vehicles/state-filters';
import type { FleetOverview, SnapshotFigures } from '@/lib/vehicles/types';
import { memberEmails } from '@/lib/members/server/member-emails';
import { countUnread, listInbox } from '@/lib/db/repos/notifications/inbox';
import { toNotificationView } from '@/lib/notifications/server/read-inbox';
import { commandProblems, outcomeOfCommand } from '../what-happened';

const DAY_MS = 86_400_000;
/** What counts as needing attention on the overview; each figure links to the same filter of the vehicles list. */
const ATTENTION = { lowChargeBelow: 20, staleHours: 24, tiresBelow: 200 } as const;

type Outcomes = { executed: number; failed: number; pending: number; unknown: number };
/** Rows of each list beside the counts. */
const LIST_ROWS = 8;

export function countOutcomes(commands: readonly { status: string | null; localStatus: string }[]): Outcomes {
  const outcomes = { executed: 0, failed: 0, pending: 0, unknown: 0 };
  for (const c of commands) outcomes[outcomeOfCommand(c)] += 1;
  return outcomes;
}

/** The figures with their read times as ISO text, as the browser receives them. */
function figuresForBrowser({ oldestRead, newestRead, ...counts }: SnapshotFigures<Date>): SnapshotFigures<string> {
  return { ...counts, oldestRead: oldestRead?.toISOString() ?? null, newestRead: newestRead?.toISOString() ?? null };
}

/**
 * Counts for the overview: the fleet from the upstream (cached), the rest from Motorpool's records,
 * with what happened beside them: the last failed or unknown commands (of the same 24 hours as the
 * counts, so both agree) and the signed-in member's unread notifications.
 */
export async function fleetOverview({ org, user }: OrgAccess): Promise<FleetOverview> {
  const db = getDb();
  const since = new Date(Date.now() - DAY_MS);
  const api = await orgVehicleApi(org);
  // Kept checks only learn that they finished when someone asks the upstream.
  await refreshOpenChecks(db, api, org.id);
  const [fleet, commands, pendingLinks, checks, hasSecret, lastEventAt, states, unread, inbox] = await Promise.all([
    fleetSummary(org.id, api),
    listCommandExecutions(db, { organizationId: org.id, from: since, limit: 1000 }),
    listConsentLinks(db, { organizationId: org.id, status: 'PENDING', limit: 1000 }),
    listOpenEligibilityChecks(db, org.id, { limit: 1000 }),
    hasWebhookSecret(db, org.id),
    lastWebhookEventAt(db, org.id),
    snapshotFigures(db, org.id, {
      lowChargeBelow: ATTENTION.lowChargeBelow,
      staleBefore: new Date(Date.now() - ATTENTION.staleHours * 3_600_000),
      tiresBelow: ATTENTION.tiresBelow,
      chargingStates: CHARGING_STATES,
      pluggedInStates: PLUGGED_IN_STATES,
    }),
    countUnread(db, org.id, user.id),
    listInbox(db, org.id, user.id, { limit: LIST_ROWS, unreadOnly: true }),
  ]);
  const emails = await memberEmails(
    db,
    org.id,
    commands.map((c) => c.requestedBy),
  );
  return {
    eventsStopped: eventsNotice({
      hasSecret,
      commandPolling: org.commandPolling,
      listeningVehicles: fleet.listening.on,
      lastReceivedAt: lastEventAt,
      now: Date.now(),
      silenceMinutes: env().EVENTS_SILENCE_MINUTES,
    }),
    fleet,
    commands: { since: since.toISOString(), ...countOutcomes(commands) },
    problems: commandProblems(commands, emails, LIST_ROWS),
    notifications: { unread, items: inbox.map((row) => toNotificationView(org.slug, row)) },
    pendingLinks: pendingLinks.length,
    openEligibilityChecks: checks.length,
    states: { ...figuresForBrowser(states), thresholds: ATTENTION },
  };
}
