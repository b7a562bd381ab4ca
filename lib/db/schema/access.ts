import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, inList, ts, updatedAt } from './columns';

/** People, organizations and access: who may sign in, to which organization, with which role; and the API client's token cache. */

export const ROLES = ['admin', 'manager', 'support'] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** Null for a user who signs in only through OIDC, or who was invited and has not set one. */
    passwordHash: text('password_hash'),
    /**
     * True while the password was set through a link (an invitation, a reset) rather than by a
     * sign-in method the person already had: whoever held the link chose it, so it does not prove
     * the same person as a single sign-on identity with this email.
     */
    passwordSetByLink: boolean('password_set_by_link').notNull().default(false),
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
    /** True: its admins and managers must have a second factor before they can do anything in it. */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_slug_key').on(t.slug),
    check('organizations_slug_format', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,62}$'`),
  ],
);

/** A row that belongs to an organization, and goes with it. */
export const organizationRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A row that belongs to a person, and goes with them. */
export const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const memberships = pgTable(
  'memberships',
  {
    userId: userRef(),
    organizationId: organizationRef(),
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
 * Each session signed in since this table exists, for the person's "Where you're signed in": the
 * device and address it signed in from and when it was last seen. The session itself stays a JWT;
 * ending one revokes its `sid` in revoked_sessions (which every request checks) and deletes the
 * row. A row of an older session version is dead (not listed); expired rows are pruned with the
 * revoked ones. `id` is what the browser sees: the sid never leaves the server.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    sid: text('sid').primaryKey(),
    id: uuid('id').notNull().$defaultFn(uuidv7),
    userId: userRef(),
    sessionVersion: integer('session_version').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('user_sessions_id_key').on(t.id),
    index('user_sessions_user_idx').on(t.userId),
    index('user_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * An invitation to join an organization: the link carries a random token, the row only its
 * sha256. Single use (accepted, revoked or expired ends it).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
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
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash)],
);

/**
 * A person's authenticator app (TOTP, RFC 6238). The shared secret is sealed like organizations'
 * secrets, bound to this row; it is shown once, while enrolling, and never again. A row without
 * `confirmedAt` is an enrolment waiting for its first code and counts for nothing.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: ts('confirmed_at'),
  /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/**
 * A single sign-on identity bound to its person: the identity provider's issuer and subject, never
 * the email alone. Once bound, sign-in with that issuer lands in this row only, and the row takes
 * no other subject of the same issuer.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: userRef(),
    /** The verified email the provider gave when the identity was bound. */
    emailAtBinding: text('email_at_binding').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('sso_identities_issuer_subject_key').on(t.issuer, t.subject),
    uniqueIndex('sso_identities_user_issuer_key').on(t.userId, t.issuer),
  ],
);

/** Single-use recovery codes of a person with a second factor: sha256 of the code only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A person's passkeys (WebAuthn credentials), each a second factor beside or instead of the
 * authenticator app. Only the public key is held; `counter` is the authenticator's signature
 * counter, which must grow with each use (a copy of the key that lags behind is refused).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url, as the authenticator names it. */
    id: text('id').primaryKey(),
    userId: userRef(),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    lastUsedAt: ts('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is taken (deleted) by the first
 * answer that names it, and is good for a few minutes. `userId` is the person enrolling; a
 * sign-in challenge has none (the person is known only once the password is checked again).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign_in'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

export type User = typeof users.$inferSelect;
export type Organization = typeof organizations.$inferSelect;

/**
 * Fixed-window request budgets every instance shares (lib/bff/person-rate-limit.ts): one row per
 * rule and key (a person, an address bucket, an email asked for), counted by one atomic upsert.
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    rule: text('rule').notNull(),
    key: text('key').notNull(),
    startedAt: ts('started_at').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.key] }), index('rate_windows_started_idx').on(t.startedAt)],
);

export type UserSession = typeof userSessions.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type TotpCredential = typeof totpCredentials.$inferSelect;
