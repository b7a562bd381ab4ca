import 'server-only';
import { DANGEROUS_ACTIONS, type DangerousAction } from '@/lib/auth/dangerous-actions';
import { getSessionClaims } from '@/lib/auth/session';
import { hasFreshStepUp, stepUpMethodsOf } from '@/lib/auth/server/step-up';
import { getDb } from '@/lib/db';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';

/**
 * `withOrg`'s `stepUp` option: the dangerous action a route performs, or, where that depends on
 * the request (a command's type, a bulk job's size), a decision from its parsed params and body.
 */
export type StepUpRule<P, B> = DangerousAction | ((input: { params: P; body: B }) => DangerousAction | null);

/** What the browser's prompt reads from a STEP_UP_REQUIRED answer (the error's `details`). */
export type StepUpDetails = {
  action: DangerousAction;
  organization: string;
  methods: { code: boolean; passkey: boolean; password: boolean };
};

/**
 * Lets the request through when its action needs no step-up, or when this very session proved
 * itself in this organization within the window; otherwise answers 403 STEP_UP_REQUIRED with
 * what the prompt may ask for. The session is the cookie's: a proof never carries to another
 * session or another organization (lib/db/repos/step-ups.ts keys it by both).
 */
export async function requireStepUp<P, B>(
  access: OrgAccess,
  rule: StepUpRule<P, B>,
  input: { params: P; body: B },
  now = new Date(),
): Promise<void> {
  const action = typeof rule === 'function' ? rule(input) : rule;
  if (!action) return;
  // A program cannot confirm anything: dangerous actions are a person's, in the console.
  if (access.credential) {
    throw new AppError(
      'STEP_UP_REQUIRED',
      `${DANGEROUS_ACTIONS[action]} needs a person to confirm it in the console; an API credential cannot.`,
    );
  }
  const db = getDb();
  const claims = await getSessionClaims();
  if (claims && (await hasFreshStepUp(db, { sid: claims.sid, userId: access.user.id, organizationId: access.org.id }, now))) return;
  const details: StepUpDetails = { action, organization: access.org.slug, methods: await stepUpMethodsOf(db, access.user.id) };
  throw new AppError('STEP_UP_REQUIRED', `${DANGEROUS_ACTIONS[action]} needs you to confirm it is you.`, { details });
}

export function isStepUpRefusal(error: unknown): boolean {
  return error instanceof AppError && error.code === 'STEP_UP_REQUIRED';
}
