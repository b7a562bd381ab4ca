import 'server-only';
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userSessions, organizationRef } from './access';
import { ts } from './columns';

export const STEP_UP_METHODS = ['totp', 'recovery_code', 'passkey', 'password'] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

/**
 * A step-up: the person proved themselves again (second factor, else password) in this signed-in
 * session for this organization, which lets dangerous actions through for a few minutes
 * (lib/auth/dangerous-actions.ts). Keyed by the session's sid and the organization, so a proof
 * never carries to another session or another organization; it goes with its session's row.
 */
export const sessionStepUps = pgTable(
  'session_step_ups',
  {
    sid: text('sid')
      .notNull()
      .references(() => userSessions.sid, { onDelete: 'cascade' }),
    organizationId: organizationRef(),
    method: text('method', { enum: STEP_UP_METHODS }).notNull(),
    provenAt: ts('proven_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sid, t.organizationId] })],
);
