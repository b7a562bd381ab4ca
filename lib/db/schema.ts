import 'server-only';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from './ids';

/**
 * Millisecond precision everywhere: JavaScript dates carry milliseconds, so a keyset cursor
 * built from a read row compares exactly with the stored value.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const ROLES = ['admin', 'manager', 'support'] as const;
export type Role = (typeof ROLES)[number];

export const LOCAL_COMMAND_STATUSES = ['REQUESTING', 'SENT', 'UNKNOWN', 'REJECTED'] as const;
export type LocalCommandStatus = (typeof LOCAL_COMMAND_STATUSES)[number];
export const COMMAND_STATUSES = ['PENDING', 'EXECUTED', 'FAILED'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
/** Who sent a command: a member through Motorpool, or another client of the service (seen in its list of executions). */
export const COMMAND_ORIGINS = ['motorpool', 'external'] as const;
export type CommandOrigin = (typeof COMMAND_ORIGINS)[number];
/** What the vehicle's own data said about an executed command's effect. */
export const COMMAND_CONFIRMATIONS = ['confirmed', 'not_seen', 'not_reported'] as const;
export type CommandConfirmation = (typeof COMMAND_CONFIRMATIONS)[number];

export const CONSENT_LINK_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export type ConsentLinkStatus = (typeof CONSENT_LINK_STATUSES)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const inList = (column: string, values: readonly string[]) => `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** Null for a user who signs in only through OIDC, or who was invited and has not set one. */
    passwordHash: text('password_hash'),
    /**
     * Carried in every session token and compared on every request: bumping it ends all of the
     * user's sessions (sign out everywhere, password change, removal from the last organization,
     * an operator's disable).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Set by an operator (`npm run user:disable`): no sign-in, no session. */
    disabledAt: ts('disabled_at'),
    /** Units and time zone the person reads figures in; parsed by lib/profile/schemas on read. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Null: the embedded sandbox serves this organization. */
    apiBaseUrl: text('api_base_url'),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** The Vehicle API's webhook signing secret (`whsec_...`), sealed like the client secret; null: no events accepted. */
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    /**
     * False: command outcomes come from events only; neither a watcher nor the settler asks the
     * upstream about an execution (the contract's time-out still ends one nobody reports).
     */
    commandPolling: boolean('command_polling').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_slug_key').on(t.slug),
    check('organizations_slug_format', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,62}$'`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pkey', columns: [t.userId, t.organizationId] }),
    index('memberships_organization_idx').on(t.organizationId, t.role),
    check('memberships_role_valid', sql.raw(inList('role', ROLES))),
  ],
);

export const commandExecutions = pgTable(
  'command_executions',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vehicleId: text('vehicle_id').notNull(),
    command: text('command').notNull(),
    arguments: jsonb('arguments').$type<Record<string, unknown> | null>(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    localStatus: text('local_status', { enum: LOCAL_COMMAND_STATUSES }).notNull().default('REQUESTING'),
    upstreamExecutionId: text('upstream_execution_id'),
    status: text('status', { enum: COMMAND_STATUSES }),
    failedReason: text('failed_reason'),
    errorCode: text('error_code'),
    upstreamRequestId: text('upstream_request_id'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    executedAt: ts('executed_at'),
    /** The upstream's `executedAt` exactly as it came when it is not a date (kept and shown, never a failure). */
    executedAtRaw: text('executed_at_raw'),
    /** Made by the browser for one intended command: a repeat with the same key answers this record. */
    idempotencyKey: text('idempotency_key'),
    settledAt: ts('settled_at'),
    updatedAt: updatedAt(),
    origin: text('origin', { enum: COMMAND_ORIGINS }).notNull().default('motorpool'),
    /**
     * When an instance last claimed the right to ask the upstream about this execution: a
     * conditional update only one caller wins per second, on one instance or several.
     */
    statusCheckedAt: ts('status_checked_at'),
    /** Read once, a little after EXECUTED, from the vehicle's telemetry (commands whose effect it shows). */
    confirmation: text('confirmation', { enum: COMMAND_CONFIRMATIONS }),
    /** The time of the vehicle's data that showed the effect. */
    confirmedAt: ts('confirmed_at'),
    /** Claimed by the instance that reads the telemetry: once per execution. */
    confirmationCheckedAt: ts('confirmation_checked_at'),
    /** When a `command.updated` event last told about this execution: the settler leaves it alone for a while. */
    eventAt: ts('event_at'),
  },
  (t) => [
    index('command_executions_org_requested_idx').on(t.organizationId, t.requestedAt.desc(), t.id.desc()),
    index('command_executions_org_vehicle_idx').on(t.organizationId, t.vehicleId, t.requestedAt.desc()),
    index('command_executions_org_upstream_idx').on(t.organizationId, t.upstreamExecutionId),
    index('command_executions_local_status_idx').on(t.localStatus),
    uniqueIndex('command_executions_org_idempotency_key').on(t.organizationId, t.idempotencyKey),
    check('command_executions_local_status_valid', sql.raw(inList('local_status', LOCAL_COMMAND_STATUSES))),
    check('command_executions_status_valid', sql.raw(`status is null or ${inList('status', COMMAND_STATUSES)}`)),
    check('command_executions_origin_valid', sql.raw(inList('origin', COMMAND_ORIGINS))),
    check('command_executions_confirmation_valid', sql.raw(`confirmation is null or ${inList('confirmation', COMMAND_CONFIRMATIONS)}`)),
    // An execution sent by another client is imported once, however many instances see it.
    uniqueIndex('command_executions_org_external_upstream')
      .on(t.organizationId, t.upstreamExecutionId)
      .where(sql`origin = 'external'`),
    // What the settler looks at: records not settled yet.
    index('command_executions_open_idx')
      .on(t.requestedAt)
      .where(sql`settled_at is null`),
  ],
);

/**
 * Commands the organization's service answered with a framework 404 (no such path): it does not
 * offer them. Remembered so the command panel says so before the next press; a later success forgets.
 */
export const unofferedCommands = pgTable(
  'unoffered_commands',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    /** The vehicle of the press that learned it, and the upstream request id, for a support ticket. */
    vehicleId: text('vehicle_id').notNull(),
    upstreamRequestId: text('upstream_request_id'),
    learnedAt: ts('learned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.command] })],
);

/**
 * The last read of a vehicle's platform alerts (`GET /v1/vehicles/{id}/alerts`), kept so the
 * vehicle's inbox and the fleet's read the upstream at most once per vehicle per TTL
 * (`ALERTS_TTL_MS`), across instances. A cache of the upstream, not Motorpool's own state.
 */
export const platformAlertReads = pgTable(
  'platform_alert_reads',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vehicleId: text('vehicle_id').notNull(),
    alerts: jsonb('alerts').$type<unknown[]>().notNull(),
    upstreamRequestId: text('upstream_request_id'),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.vehicleId] })],
);

export const consentLinks = pgTable(
  'consent_links',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    makes: jsonb('makes').$type<string[]>().notNull().default([]),
    region: text('region'),
    locale: text('locale'),
    countryCode: text('country_code'),
    vin: text('vin'),
    model: text('model'),
    modelYear: integer('model_year'),
    expiresAt: ts('expires_at').notNull(),
    /** Stored status; EXPIRED is also derived on read when a PENDING link is past its expiry. */
    status: text('status', { enum: CONSENT_LINK_STATUSES }).notNull().default('PENDING'),
    accountId: text('account_id'),
    errorCode: text('error_code'),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('consent_links_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('consent_links_org_account_idx').on(t.organizationId, t.accountId),
    check('consent_links_status_valid', sql.raw(inList('status', CONSENT_LINK_STATUSES))),
  ],
);

export const eligibilityChecks = pgTable(
  'eligibility_checks',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    upstreamId: text('upstream_id').notNull(),
    /** What the person sent, as they would recognise it: "fleet.csv, part 2 of 3". */
    label: text('label'),
    vinCount: integer('vin_count').notNull(),
    status: text('status').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** The rows sent (VIN, country, make): the results carry no country, and a bulk connection needs it. Null on checks sent before it was kept. */
    vins: jsonb('vins').$type<{ vin: string; countryCode: string; make?: string }[]>(),
    /** The rows the service answered as not eligible (any settled status but ELIGIBLE), with its reason: the onboarding page shows them without paging through the results again. Null before the check was first read. */
    ineligible: jsonb('ineligible').$type<{ rowId: string | null; vin: string | null; status: string; reason: string | null }[]>(),
    /** Set while an instance sends this check's VINs for connection (first send or a retry): a press on another instance meanwhile is refused. */
    connectSendingAt: ts('connect_sending_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('eligibility_checks_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    uniqueIndex('eligibility_checks_org_upstream_key').on(t.organizationId, t.upstreamId),
  ],
);

/**
 * A bulk VIN connection request (`POST /v1/vehicles/connect`, at most 100 VINs) Motorpool sent:
 * from an eligibility check's eligible VINs, or retrying the `canRetry` rows of an earlier one.
 * The service cannot list them. `results` holds the per-VIN outcome once the group settled.
 */
export const bulkConnections = pgTable(
  'bulk_connections',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    eligibilityCheckId: uuid('eligibility_check_id').references(() => eligibilityChecks.id, { onDelete: 'set null' }),
    retryOf: uuid('retry_of'),
    upstreamId: text('upstream_id').notNull(),
    vinCount: integer('vin_count').notNull(),
    status: text('status').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    results: jsonb('results').$type<unknown[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bulk_connections_org_check_idx').on(t.organizationId, t.eligibilityCheckId, t.createdAt),
    uniqueIndex('bulk_connections_org_upstream_key').on(t.organizationId, t.upstreamId),
  ],
);

/**
 * Append-only: no code path updates or deletes a row, and a trigger (migration
 * 0002_audit_append_only) refuses UPDATE and DELETE in the database itself. Hence no foreign
 * keys: an entry keeps the ids of an organization or user deleted since, as history should.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id'),
    actorUserId: uuid('actor_user_id'),
    /** Kept as text so the entry still names the actor after the user is gone. */
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    upstreamRequestId: text('upstream_request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('audit_events_org_actor_idx').on(t.organizationId, t.actorEmail, t.createdAt.desc()),
    index('audit_events_org_action_idx').on(t.organizationId, t.action, t.createdAt.desc()),
    index('audit_events_org_target_idx').on(t.organizationId, t.targetType, t.targetId, t.createdAt.desc()),
    index('audit_events_actor_user_idx').on(t.actorUserId, t.createdAt.desc()),
    check('audit_events_outcome_valid', sql.raw(inList('outcome', AUDIT_OUTCOMES))),
  ],
);

/**
 * The last upstream errors met for a vehicle (code, status, endpoint, request id, time), kept for
 * the support bundle: at most 20 per vehicle, the oldest dropped when a new one is written. No
 * error message is kept (it may carry what the upstream echoed back).
 */
export const vehicleUpstreamErrors = pgTable(
  'vehicle_upstream_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vehicleId: text('vehicle_id').notNull(),
    code: text('code').notNull(),
    /** Upstream HTTP status; 0 when no answer came (time-out, network, breaker pause). */
    status: integer('status').notNull(),
    endpoint: text('endpoint').notNull(),
    upstreamRequestId: text('upstream_request_id'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('vehicle_upstream_errors_org_vehicle_idx').on(t.organizationId, t.vehicleId, t.occurredAt.desc(), t.id.desc())],
);

export const BULK_ACTIONS = ['tag.add', 'tag.remove', 'listening.on', 'listening.off', 'command'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_JOB_STATUSES = ['running', 'paused', 'cancelled', 'done'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];
export const BULK_ITEM_OUTCOMES = ['pending', 'done', 'skipped', 'failed'] as const;
export type BulkItemOutcome = (typeof BULK_ITEM_OUTCOMES)[number];

/**
 * A bulk action over many vehicles, recorded with every vehicle it covers before any is touched.
 * A background job works through it under a lease (`leaseUntil`), so a restarted server resumes
 * it where it stopped; an item's outcome is written once (pending -> done / skipped / failed).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text for the per-vehicle audit entries, written after the request is gone. */
    createdByEmail: text('created_by_email'),
    action: text('action', { enum: BULK_ACTIONS }).notNull(),
    /** The tag of tag actions; `{ command, args }` of a command. */
    args: jsonb('args').$type<Record<string, unknown> | null>(),
    /** How the vehicles were chosen, as the person saw it: a page, or a filter. */
    selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: BULK_JOB_STATUSES }).notNull().default('running'),
    total: integer('total').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('bulk_jobs_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('bulk_jobs_open_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'running'`),
    check('bulk_jobs_action_valid', sql.raw(inList('action', BULK_ACTIONS))),
    check('bulk_jobs_status_valid', sql.raw(inList('status', BULK_JOB_STATUSES))),
  ],
);

export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    outcome: text('outcome', { enum: BULK_ITEM_OUTCOMES }).notNull().default('pending'),
    reason: text('reason'),
    upstreamRequestId: text('upstream_request_id'),
    /** A command's execution record: the item follows its status until it is decided. */
    executionId: uuid('execution_id'),
    /**
     * Sends refused for certain before reaching the vehicle (breaker open, 429): each new attempt
     * gets a new idempotency key; an attempt whose fate is unknown is never repeated.
     */
    attempts: integer('attempts').notNull().default(0),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.vehicleId] }),
    index('bulk_job_items_job_position_idx').on(t.jobId, t.position),
    check('bulk_job_items_outcome_valid', sql.raw(inList('outcome', BULK_ITEM_OUTCOMES))),
  ],
);

/** The API client's token cache, shared by every server instance. */
export const apiTokens = pgTable('api_tokens', {
  key: text('key').primaryKey(),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  refreshTokenEncrypted: text('refresh_token_encrypted'),
  expiresAt: ts('expires_at').notNull(),
  updatedAt: updatedAt(),
});

/** Failed sign-ins only; a success clears the account's rows. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email'),
    ip: text('ip'),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_email_idx').on(t.email, t.attemptedAt),
    index('sign_in_attempts_ip_idx').on(t.ip, t.attemptedAt),
    index('sign_in_attempts_attempted_idx').on(t.attemptedAt),
  ],
);

/** Sessions ended by signing out, kept until they would have expired anyway (then pruned). */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sid: text('sid').primaryKey(),
    userId: uuid('user_id'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * An invitation to join an organization: the link carries a random token, the row only its
 * sha256. Single use (accepted, revoked or expired ends it).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('invitations_role_valid', sql.raw(inList('role', ROLES))),
  ],
);

/** One-time password reset links an operator creates (`npm run user:reset-password`); sha256 only. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type Membership = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;
export type CommandExecution = typeof commandExecutions.$inferSelect;
export type NewCommandExecution = typeof commandExecutions.$inferInsert;
export type UnofferedCommand = typeof unofferedCommands.$inferSelect;
export type PlatformAlertRead = typeof platformAlertReads.$inferSelect;
export type ConsentLink = typeof consentLinks.$inferSelect;
export type NewConsentLink = typeof consentLinks.$inferInsert;
export type EligibilityCheck = typeof eligibilityChecks.$inferSelect;
export type NewEligibilityCheck = typeof eligibilityChecks.$inferInsert;
export type BulkConnection = typeof bulkConnections.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;
export type ApiToken = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;
export type SignInAttempt = typeof signInAttempts.$inferSelect;
export type NewSignInAttempt = typeof signInAttempts.$inferInsert;
export type RevokedSession = typeof revokedSessions.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
export type PasswordReset = typeof passwordResets.$inferSelect;
export type VehicleUpstreamError = typeof vehicleUpstreamErrors.$inferSelect;
export type BulkJob = typeof bulkJobs.$inferSelect;
export type BulkJobItem = typeof bulkJobItems.$inferSelect;

export const WEBHOOK_EVENT_OUTCOMES = ['applied', 'recorded', 'ignored', 'invalid', 'failed'] as const;
export type WebhookEventOutcome = (typeof WEBHOOK_EVENT_OUTCOMES)[number];

/**
 * Events the Vehicle API pushed (webhooks), recorded before they are applied. The unique
 * `(organization, webhook-id)` makes delivery idempotent and refuses replays; rows are pruned
 * after a bounded time (lib/webhooks/server/retention.ts), far longer than the five-minute
 * tolerance window a replay would have to fall in.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The sender's `webhook-id` header. */
    webhookId: text('webhook_id').notNull(),
    /** The sender's `webhook-timestamp` header: a retry by the sender is signed again with a new one. */
    webhookTimestamp: ts('webhook_timestamp').notNull(),
    type: text('type').notNull(),
    /** The vehicle the event is about, when its payload names one. */
    vehicleId: text('vehicle_id'),
    /** The envelope's own `timestamp`, when it parses. */
    occurredAt: ts('occurred_at'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    /** Taken by the process applying it; an old claim (a crash) is taken again by the apply job. */
    claimedAt: ts('claimed_at'),
    attempts: integer('attempts').notNull().default(0),
    appliedAt: ts('applied_at'),
    outcome: text('outcome', { enum: WEBHOOK_EVENT_OUTCOMES }),
    /** Why an event was ignored or invalid, in our words. */
    detail: text('detail'),
  },
  (t) => [
    uniqueIndex('webhook_events_org_webhook_id_key').on(t.organizationId, t.webhookId),
    index('webhook_events_org_received_idx').on(t.organizationId, t.receivedAt.desc()),
    index('webhook_events_org_vehicle_idx').on(t.organizationId, t.vehicleId, t.receivedAt.desc()),
    index('webhook_events_received_idx').on(t.receivedAt),
    index('webhook_events_unapplied_idx')
      .on(t.receivedAt)
      .where(sql`applied_at is null`),
    check('webhook_events_outcome_valid', sql.raw(`outcome is null or ${inList('outcome', WEBHOOK_EVENT_OUTCOMES)}`)),
  ],
);
export type WebhookEvent = typeof webhookEvents.$inferSelect;

/**
 * The fleet snapshot: each listed vehicle's latest known state, kept by the `fleet.snapshot` job
 * within a share of the vehicle's request budget, so fleet views (filters, overview, map) read
 * the database instead of one upstream call per vehicle per look. Each figure carries the
 * vehicle's own timestamp: an older reading never replaces a newer one (repos/vehicle-snapshots).
 * Vehicles the upstream no longer lists (disconnected) are removed.
 */
export const vehicleSnapshots = pgTable(
  'vehicle_snapshots',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vehicleId: text('vehicle_id').notNull(),
    /** From the vehicle list (one call per page of vehicles). */
    vin: text('vin'),
    make: text('make'),
    model: text('model'),
    registrationPlate: text('registration_plate'),
    isListening: boolean('is_listening').notNull().default(true),
    connectionStatus: text('connection_status'),
    /** As of when `connectionStatus` is known (the list walk's time, or a connection event's): older never replaces it. */
    connectionAt: ts('connection_at'),
    /** The vehicle list's `metadata.lastSeenAt`: when the vehicle last reported anything. */
    lastSeenAt: ts('last_seen_at'),
    listedAt: ts('listed_at').notNull(),
    /** From the telemetry, each with the vehicle's timestamp of that figure. */
    stateOfCharge: doublePrecision('state_of_charge'),
    stateOfChargeAt: ts('state_of_charge_at'),
    rangeKm: doublePrecision('range_km'),
    rangeAt: ts('range_at'),
    odometerKm: doublePrecision('odometer_km'),
    odometerAt: ts('odometer_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationAt: ts('location_at'),
    chargingState: text('charging_state'),
    chargePortDoorOpen: boolean('charge_port_door_open'),
    chargingAt: ts('charging_at'),
    locked: boolean('locked'),
    lockedAt: ts('locked_at'),
    /** The lowest of the four tires, in kPa. */
    tireMinKpa: doublePrecision('tire_min_kpa'),
    tiresAt: ts('tires_at'),
    /**
     * Battery state of health (percent of nominal capacity), read at most once a day per vehicle
     * within the snapshot's budget share, at the vendor's calculation date. Status of the last
     * ask: READ, NO_DATA (a 404: no battery data yet, not an error) or the error code.
     */
    stateOfHealth: doublePrecision('state_of_health'),
    stateOfHealthAt: ts('state_of_health_at'),
    stateOfHealthCheckedAt: ts('state_of_health_checked_at'),
    stateOfHealthStatus: text('state_of_health_status'),
    /** When Motorpool last read the telemetry successfully. */
    fetchedAt: ts('fetched_at'),
    /** When a pushed `device.telemetry` event last brought a figure (the snapshot job skips what events keep fresh). */
    pushedAt: ts('pushed_at'),
    /** The vehicle's `COMMANDS_AND_FETCH_STATE` budget, read from /v1/rate-limits about once a day. */
    budgetMax: integer('budget_max'),
    budgetWindowSeconds: integer('budget_window_seconds'),
    budgetReadAt: ts('budget_read_at'),
    /**
     * Budgets pushed by `rate_limit.updated`, by key (`OEM_ENERGY_API_COMMANDS` ...): remaining of
     * maximum as of the event's time; an older event never replaces a newer figure.
     */
    pushedBudgets: jsonb('pushed_budgets').$type<Record<string, PushedBudget>>(),
    /** Platform alerts pushed by `alert.updated`, by alert id, each as of its event (forward only). */
    pushedAlerts: jsonb('pushed_alerts').$type<Record<string, PushedAlert>>(),
    /** Whether one pushed alert is active and not muted: the fleet views' "has alerts" mark and filter. */
    hasAlerts: boolean('has_alerts').notNull().default(false),
    /** The last failed read (an error code), cleared by the next success. */
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.vehicleId] }),
    index('vehicle_snapshots_org_fetched_idx').on(t.organizationId, t.fetchedAt),
    index('vehicle_snapshots_org_seen_idx').on(t.organizationId, t.lastSeenAt),
  ],
);
export type VehicleSnapshot = typeof vehicleSnapshots.$inferSelect;
export type PushedBudget = { remaining: number; max: number; windowSeconds: number | null; domain: string | null; at: string };
export type PushedAlert = { active: boolean; muted: boolean; code: string | null; severity: string | null; at: string };

/**
 * A saved view of the vehicles list: its URL parameters (JSON filter, tag, state filters,
 * columns, sort) under a name, for its owner alone or shared with the organization. A view whose
 * owner was deleted stays, for an admin to keep or remove.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** The list's URL parameters, validated by lib/views/schemas.ts on the way in. */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_views_org_owner_idx').on(t.organizationId, t.ownerId),
    index('saved_views_org_shared_idx').on(t.organizationId, t.shared),
  ],
);
export type SavedView = typeof savedViews.$inferSelect;
