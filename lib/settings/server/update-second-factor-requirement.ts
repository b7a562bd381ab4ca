import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { setSecondFactorRequirement } from '@/lib/db/repos/organizations';
import { hasSecondFactor } from '@/lib/db/repos/second-factors';
import { AppError } from '@/lib/errors/app-error';
import type { Org, SessionUser } from '@/lib/org/org-access';
import type { SecondFactorRequirementInput } from '@/lib/settings/schemas';

/**
 * Requires (or stops requiring) a second factor of the organization's admins and managers. The
 * admin who turns it on must have one: otherwise the next page they open would lock them out too.
 */
export async function updateSecondFactorRequirement(
  access: { org: Org; user: SessionUser },
  input: SecondFactorRequirementInput,
  db: Db = getDb(),
): Promise<{ requireSecondFactor: boolean }> {
  if (input.required && !(await hasSecondFactor(db, access.user.id))) {
    throw new AppError(
      'CONFLICT',
      'Set up two-step verification for yourself first (on your account page): the requirement applies to you too.',
    );
  }
  await setSecondFactorRequirement(db, access.org.id, input.required);
  return { requireSecondFactor: input.required };
}
