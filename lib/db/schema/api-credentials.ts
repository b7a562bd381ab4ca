import 'server-only';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { users, organizationRef } from './access';
import { createdAt, inList, ts } from './columns';

export const API_CREDENTIAL_SCOPE_VALUES = ['read', 'manage', 'custom'] as const;

/**
 * Console API credentials: what lets a program call the organization's `/api/o/{org}` routes with
 * `Authorization: Bearer ...`. Only a hash of the secret is kept (lib/crypto/api-credential-secret.ts
 * says why SHA-256 suffices); `prefix` is the visible start of the secret, to recognise it by.
 * The rate bucket lives in the row, so every instance takes from the same one.
 */
export const apiCredentials = pgTable(
  'api_credentials',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scope: text('scope', { enum: API_CREDENTIAL_SCOPE_VALUES }).notNull(),
    /** The chosen permissions of a custom scope; empty for a preset (resolved at each request). */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    expiresAt: ts('expires_at'),
    /** Addresses or CIDR blocks the credential may be used from; empty: anywhere. */
    allowedAddresses: jsonb('allowed_addresses').$type<string[]>().notNull().default([]),
    ratePerMinute: integer('rate_per_minute').notNull(),
    rateTokens: doublePrecision('rate_tokens').notNull(),
    rateRefilledAt: ts('rate_refilled_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_credentials_secret_hash_key').on(t.secretHash),
    uniqueIndex('api_credentials_prefix_key').on(t.prefix),
    index('api_credentials_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('api_credentials_scope_valid', sql.raw(inList('scope', API_CREDENTIAL_SCOPE_VALUES))),
    check('api_credentials_rate_positive', sql`${t.ratePerMinute} > 0`),
  ],
);
export type ApiCredential = typeof apiCredentials.$inferSelect;
