import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { listCommandExecutions } from '@/lib/db/repos/command-executions';
import { listConsentLinks } from '@/lib/db/repos/consent-links';
import { listOpenEligibilityChecks } from '@/lib/db/repos/eligibility-checks';
import { refreshOpenChecks } from '@/lib/eligibility/checks';
import { fleetSummary } from '@/lib/fleet/server/fleet-summary';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';

const DAY_MS = 86_400_000;

/** Counts for the overview: the fleet from the upstream (cached), the rest from Motorpool's records. */
export const GET = withOrg(
  async ({ org }) => {
    const db = getDb();
    const since = new Date(Date.now() - DAY_MS);
    const api = await orgVehicleApi(org);
    // Kept checks only learn that they finished when someone asks the upstream.
    await refreshOpenChecks(db, api, org.id);
    const [fleet, commands, pendingLinks, checks] = await Promise.all([
      fleetSummary(org.id, api),
      listCommandExecutions(db, { organizationId: org.id, from: since, limit: 1000 }),
      listConsentLinks(db, { organizationId: org.id, status: 'PENDING', limit: 1000 }),
      listOpenEligibilityChecks(db, org.id, { limit: 1000 }),
    ]);
    const commandOutcomes = { executed: 0, failed: 0, pending: 0, unknown: 0 };
    for (const c of commands) {
      if (c.status === 'EXECUTED') commandOutcomes.executed += 1;
      else if (c.status === 'FAILED' || c.localStatus === 'REJECTED') commandOutcomes.failed += 1;
      else if (c.localStatus === 'UNKNOWN') commandOutcomes.unknown += 1;
      else commandOutcomes.pending += 1;
    }
    return { fleet, commands: { since: since.toISOString(), ...commandOutcomes }, pendingLinks: pendingLinks.length, openEligibilityChecks: checks.length };
  },
  { permission: 'org.read' },
);
