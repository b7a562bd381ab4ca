import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';
import { createdAt, inList, ts, updatedAt } from './columns';
import { users, organizationRef } from './access';

/** Onboarding: consent links, eligibility checks and the bulk VIN connections sent from them. */

export const CONSENT_LINK_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export type ConsentLinkStatus = (typeof CONSENT_LINK_STATUSES)[number];

export const consentLinks = pgTable(
  'consent_links',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    organizationId: organizationRef(),
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
    /** The owner's address the link was last e-mailed to, and when (null: never sent by mail). */
    mailedTo: text('mailed_to'),
    mailedAt: ts('mailed_at'),
    /** The landing page's first matched visit: when the owner came back from the consent flow. */
    firstOpenedAt: ts('first_opened_at'),
    /**
     * A reconnection: the account (and, from a vehicle's page, the vehicle) whose connection this
     * link renews. Null for a first connection. The onboarding page links the row to it.
     */
    reconnectsAccountId: text('reconnects_account_id'),
    reconnectsVehicleId: text('reconnects_vehicle_id'),
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
    organizationId: organizationRef(),
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
    organizationId: organizationRef(),
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
export type ConsentLink = typeof consentLinks.$inferSelect;
export type NewConsentLink = typeof consentLinks.$inferInsert;
export type EligibilityCheck = typeof eligibilityChecks.$inferSelect;
export type NewEligibilityCheck = typeof eligibilityChecks.$inferInsert;
export type BulkConnection = typeof bulkConnections.$inferSelect;
