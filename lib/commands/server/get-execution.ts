import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { toExecutionView } from '@/lib/commands/execution-view';
import { getDb } from '@/lib/db';
import { getCommandExecution } from '@/lib/db/repos/command-executions';
import { AppError } from '@/lib/errors/app-error';
import { memberEmails } from '@/lib/members/server/member-emails';
import { applyTimeout, checkExecutionStatus } from './check-execution-status';

/** One execution, its status refreshed from the upstream at most once a second however many watch, on however many instances. */
export async function getExecution(org: Org, executionId: string) {
  const db = getDb();
  const record = await getCommandExecution(db, org.id, executionId);
  if (!record) throw new AppError('NOT_FOUND', 'No such command execution.');
  // With polling off the outcome comes from events: Motorpool's own record, and the contract's time-out.
  const current = org.commandPolling
    ? await checkExecutionStatus(db, await orgVehicleApi(org), record)
    : await applyTimeout(db, record, Date.now());
  return { execution: toExecutionView(current, await memberEmails(db, org.id, [current.requestedBy])) };
}
