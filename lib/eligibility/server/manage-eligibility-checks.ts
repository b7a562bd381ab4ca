import 'server-only';
import type { Org, OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { csvResponse } from '@/lib/csv';
import { getDb } from '@/lib/db';
import { getEligibilityCheck as getCheckRow, listEligibilityChecks as listCheckRows } from '@/lib/db/repos/eligibility-checks';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';
import { memberEmails } from '@/lib/members/server/member-emails';
import type { EligibilityCheckBody, ResultsPageQuery } from '@/lib/eligibility/schemas';
import { toCheckView } from './check-view';
import { ELIGIBILITY_CSV_HEADER, eligibilityResultRows } from './export-eligibility-results';
import { getCheckOrThrow } from './get-check-or-throw';
import { refreshCheck, refreshOpenChecks } from './refresh-check';
import { submitEligibilityCheck } from './submit-eligibility-check';

/** The checks Motorpool sent (the upstream cannot list them), newest first, open ones refreshed. */
export async function listEligibilityChecks(org: Org) {
  const db = getDb();
  await refreshOpenChecks(db, await orgVehicleApi(org), org.id);
  const checks = await listCheckRows(db, org.id, { limit: 100 });
  const emails = await memberEmails(
    db,
    org.id,
    checks.map((c) => c.createdBy),
  );
  return { checks: checks.map((c) => toCheckView(c, emails)) };
}

/** One kept check; `refresh` asks the upstream (at most once a second however many poll). */
export async function getEligibilityCheck(
  org: Org,
  checkId: string,
  options: { refresh: boolean },
): Promise<{ check: EligibilityCheckView }> {
  const db = getDb();
  let check = await getCheckOrThrow(db, org.id, checkId);
  if (options.refresh) check = await refreshCheck(db, await orgVehicleApi(org), check);
  return { check: toCheckView(check, await memberEmails(db, org.id, [check.createdBy])) };
}

/** A kept check for a page's first render, or null for the page's 404. */
export async function findEligibilityCheck(org: Org, checkId: string): Promise<EligibilityCheckView | null> {
  const db = getDb();
  const check = await getCheckRow(db, org.id, checkId);
  return check ? toCheckView(check, await memberEmails(db, org.id, [check.createdBy])) : null;
}

/** One check of at most 500 VINs; the browser sends a longer list as several of these. */
export async function createEligibilityCheck(access: OrgAccess, body: EligibilityCheckBody) {
  const { org, user } = access;
  const { check, requestId } = await submitEligibilityCheck(getDb(), await orgVehicleApi(org), {
    organizationId: org.id,
    userId: user.id,
    body,
  });
  return { check: toCheckView(check, new Map([[user.id, user.email]])), requestId };
}

/** One page of a check's per-VIN results, as the upstream pages them (`maxPageSize`, `currentPage`). */
export async function getEligibilityResults(org: Org, checkId: string, query: ResultsPageQuery) {
  const check = await getCheckOrThrow(getDb(), org.id, checkId);
  const response = await (await orgVehicleApi(org)).getEligibilityResults(check.upstreamId, query);
  return { results: response.data.results, totalResults: response.data.totalResults ?? null, page: query, requestId: response.requestId };
}

/** Every per-VIN result of a check as CSV, streamed page by page. */
export async function exportEligibilityResults(org: Org, checkId: string): Promise<Response> {
  const check = await getCheckOrThrow(getDb(), org.id, checkId);
  const api = await orgVehicleApi(org);
  return csvResponse(
    `eligibility-${check.createdAt.toISOString().slice(0, 10)}-${check.id.slice(-8)}.csv`,
    ELIGIBILITY_CSV_HEADER,
    eligibilityResultRows(api, check.upstreamId),
  );
}
