import 'server-only';
import type { Db } from '@/lib/db';
import { userHasPasskey } from '@/lib/db/repos/passkeys';
import { hasConfirmedTotpOf } from '@/lib/db/repos/second-factors';
import { getStepUpProvenAt } from '@/lib/db/repos/step-ups';
import { findUserById } from '@/lib/db/repos/users';
import { stepUpIsFresh } from '@/lib/auth/dangerous-actions';

/** What a step-up accepts from this person: their second factor where they have one, else their password. */
export type StepUpMethods = { code: boolean; passkey: boolean; password: boolean };

export async function stepUpMethodsOf(db: Db, userId: string): Promise<StepUpMethods> {
  const [code, passkey, user] = await Promise.all([hasConfirmedTotpOf(db, userId), userHasPasskey(db, userId), findUserById(db, userId)]);
  return { code, passkey, password: !code && !passkey && Boolean(user?.hasPassword) };
}

/** Whether this session (of this user) proved itself in this organization within the window. */
export async function hasFreshStepUp(
  db: Db,
  session: { sid: string; userId: string; organizationId: string },
  now = new Date(),
): Promise<boolean> {
  return stepUpIsFresh(await getStepUpProvenAt(db, session), now);
}
