import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../index';
import { sessionStepUps, userSessions, type StepUpMethod } from '../schema';

type SessionInOrg = { sid: string; userId: string; organizationId: string };

/**
 * Records a proof for this session in this organization (replacing an earlier one). Only a
 * recorded session of that very user takes it; answers false when there is none (ended, or
 * signed in before sessions were recorded).
 */
export async function recordStepUp(db: Db, input: SessionInOrg & { method: StepUpMethod }, at = new Date()): Promise<boolean> {
  const [session] = await db
    .select({ sid: userSessions.sid })
    .from(userSessions)
    .where(and(eq(userSessions.sid, input.sid), eq(userSessions.userId, input.userId)))
    .limit(1);
  if (!session) return false;
  await db
    .insert(sessionStepUps)
    .values({ sid: input.sid, organizationId: input.organizationId, method: input.method, provenAt: at })
    .onConflictDoUpdate({ target: [sessionStepUps.sid, sessionStepUps.organizationId], set: { method: input.method, provenAt: at } });
  return true;
}

/** When this session last proved itself in this organization, or null; the session must be that user's. */
export async function getStepUpProvenAt(db: Db, input: SessionInOrg): Promise<Date | null> {
  const [row] = await db
    .select({ provenAt: sessionStepUps.provenAt })
    .from(sessionStepUps)
    .innerJoin(userSessions, eq(userSessions.sid, sessionStepUps.sid))
    .where(
      and(
        eq(sessionStepUps.sid, input.sid),
        eq(sessionStepUps.organizationId, input.organizationId),
        eq(userSessions.userId, input.userId),
      ),
    )
    .limit(1);
  return row?.provenAt ?? null;
}
