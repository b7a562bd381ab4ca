import 'server-only';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { NextRequest } from 'next/server';
import { getSessionClaims } from '@/lib/auth/session';
import { clientIp } from '@/lib/bff/audit';
import type { OrgAccess } from '@/lib/org/org-access';
import { verifyPasskeySignIn } from '@/lib/auth/server/passkeys';
import { redeemSecondFactorCode } from '@/lib/auth/server/second-factor';
import { stepUpMethodsOf } from '@/lib/auth/server/step-up';
import { passwordMatches, throttledCheck } from '@/lib/auth/server/throttled-check';
import { STEP_UP_WINDOW_MS } from '@/lib/auth/dangerous-actions';
import { getDb, type Db } from '@/lib/db';
import { recordStepUp } from '@/lib/db/repos/step-ups';
import type { StepUpMethod } from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import type { StepUpInput } from '@/lib/profile/schemas';
import { fieldError } from './manage-second-factor';

type StepUpRequest = {
  user: { id: string; email: string };
  ip: string | null;
  /** The request's own session (from its cookie, never from the body) and organization. */
  sid: string;
  organizationId: string;
  proof: StepUpInput;
};

/**
 * A fresh proof of the person before dangerous actions: their second factor where they have one
 * (a code, a recovery code or a passkey), else their password. Checked like a sign-in (the same
 * throttle: a borrowed session guesses no faster than the sign-in form allows), then recorded on
 * this session for this organization only. Answers the method and until when it counts.
 */
export async function stepUp(input: StepUpRequest, db: Db = getDb(), now = new Date()): Promise<{ method: StepUpMethod; until: string }> {
  const { user, proof } = input;
  const methods = await stepUpMethodsOf(db, user.id);
  if (!methods.code && !methods.passkey && !methods.password) {
    throw new AppError(
      'CONFLICT',
      'Your account has neither a password nor a second factor to confirm with. Set up two-step verification on your account page.',
    );
  }
  if (proof.passkey && !methods.passkey) throw fieldError('passkey', 'No passkey is set up on your account');
  if (proof.code && !methods.code) throw fieldError('code', 'No authenticator app is set up on your account');
  if (!proof.code && !proof.passkey && !methods.password) {
    throw fieldError('code', 'Confirm with your second factor: a code from your app, a recovery code, or a passkey');
  }
  const method = await throttledCheck(db, { email: user.email, ip: input.ip }, async (attempt): Promise<StepUpMethod | null> => {
    if (proof.passkey) {
      const response = proof.passkey as unknown as AuthenticationResponseJSON;
      return (await verifyPasskeySignIn(db, { userId: user.id, response })) ? 'passkey' : null;
    }
    if (proof.code) return redeemSecondFactorCode(db, user.id, proof.code);
    return (await passwordMatches(db, user, proof.password!, attempt)) ? 'password' : null;
  });
  if (!method) {
    if (proof.passkey) throw fieldError('passkey', 'That passkey was not accepted. Try again.');
    throw proof.code ? fieldError('code', 'That code is wrong or was used already') : fieldError('password', 'The password is wrong');
  }
  if (!(await recordStepUp(db, { sid: input.sid, userId: user.id, organizationId: input.organizationId, method }, now))) {
    throw new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again.');
  }
  return { method, until: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString() };
}

/** The step-up route's verb: this request's session (from its cookie), in the organization of the URL. */
export async function stepUpThisSession(access: OrgAccess & { request: NextRequest; body: StepUpInput }) {
  const claims = await getSessionClaims();
  if (!claims) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return stepUp({ user: access.user, ip: clientIp(access.request), sid: claims.sid, organizationId: access.org.id, proof: access.body });
}
