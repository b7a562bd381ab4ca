import 'server-only';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '@/lib/db';
import { getEligibilityCheck } from '@/lib/db/repos/eligibility-checks';
import type { EligibilityCheck } from '@/lib/db/schema';

/** A kept check of the organization, or the route's 404. */
export async function getCheckOrThrow(db: Db, organizationId: string, checkId: string): Promise<EligibilityCheck> {
  const check = await getEligibilityCheck(db, organizationId, checkId);
  if (!check) throw new AppError('NOT_FOUND', 'No such eligibility check.');
  return check;
}
