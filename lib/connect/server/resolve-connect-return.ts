import 'server-only';
import { publishChange } from '@/lib/live/server/publish-change';
import { can } from '@/lib/auth/permissions';
import type { Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { findConsentLinkForReturn, settleConsentLink } from '@/lib/db/repos/consent-links';
import { recordConsentLinkOpened } from '@/lib/db/repos/consent-link-mail';
import { getUserAccessBySlug } from '@/lib/db/repos/memberships';
import type { ConsentLink } from '@/lib/db/schema';
import type { ConnectReturn } from '@/lib/connect/return-schemas';
import type { ReturnView } from '@/lib/connect/return-view';
import { VehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import { logger } from '@/lib/ops/log';
import { ownerFaceOf } from './owner-face';

export type ResolveDeps = {
  db: Db;
  userId: string | null;
  ip: string | null;
  apiFor: (organizationId: string) => Promise<Pick<VehicleApi, 'getAccount'>>;
  verifyState: (linkId: string, state: string | undefined) => boolean;
};

const UNMATCHED: ReturnView = {
  outcome: 'unmatched',
  errorCode: null,
  organizationName: null,
  singleVehicle: false,
  member: null,
  link: null,
  face: null,
};

/** A failure answered after the link's hour is shown as the link having expired: a new link is the only way on. */
function viewOfSettled(link: ConsentLink): Pick<ReturnView, 'outcome' | 'errorCode'> | null {
  if (link.status === 'COMPLETED') return { outcome: 'connected', errorCode: null };
  if (link.status === 'FAILED') {
    const late = link.completedAt !== null && link.completedAt.getTime() >= link.expiresAt.getTime();
    return { outcome: late ? 'expired' : 'failed', errorCode: link.errorCode };
  }
  return null;
}

/** Asks the upstream whether the account exists in the organization: true, false, or null when it could not tell. */
async function accountExists(deps: ResolveDeps, organizationId: string, accountId: string): Promise<boolean | null> {
  try {
    await (await deps.apiFor(organizationId)).getAccount(accountId);
    return true;
  } catch (error) {
    if (error instanceof VehicleApiError && (error.code === 'RESOURCE_NOT_FOUND' || error.code === 'REQUEST_VALIDATION_ERROR'))
      return false;
    logger().error({ event: 'connect.return_check_failed', err: error }, 'consent return: the account could not be checked');
    return null;
  }
}

/**
 * What the landing page after consent shows, and the one place that settles a consent link.
 *
 * Who may settle a link, and how it cannot be made to lie:
 * - Only a visit whose `state` is the HMAC of the link id (see return-state.ts) counts: the
 *   upstream and the person it redirected are the only ones who have it. Anything else is an
 *   "unmatched" visit: a generic page, nothing recorded, nothing about any organization shown.
 * - A success is recorded only after the upstream confirms that the account exists in the link's
 *   organization. A visit cannot attach a made-up or foreign account to a link.
 * - A failure is recorded as reported: the holder of the state is the person who went through the
 *   consent, and the contract offers nothing to check a refusal against.
 * - The first recorded outcome wins; a later visit with edited parameters shows the recorded
 *   outcome, not its own.
 * This holds for anonymous visitors (vehicle owners) and members alike. Members additionally get
 * links to the account and its vehicles; the audit entry names who settled (or "the owner").
 */
export async function resolveConnectReturn(deps: ResolveDeps, query: ConnectReturn): Promise<ReturnView> {
  if (!query.link || !deps.verifyState(query.link, query.state)) return UNMATCHED;
  const found = await findConsentLinkForReturn(deps.db, query.link);
  if (!found) return UNMATCHED;
  const { organization } = found;
  let link = found.link;
  await recordConsentLinkOpened(deps.db, link.id);

  const access = deps.userId ? await getUserAccessBySlug(deps.db, deps.userId, organization.slug) : undefined;

  let view = viewOfSettled(link);
  const usedBefore = view !== null;
  if (!view) {
    let settle: { status: 'COMPLETED' | 'FAILED'; accountId?: string; errorCode?: string | null } | null = null;
    if (query.result === 'success' && query.accountId) {
      const exists = await accountExists(deps, organization.id, query.accountId);
      if (exists) settle = { status: 'COMPLETED', accountId: query.accountId };
      else view = { outcome: 'unconfirmed', errorCode: null };
    } else {
      settle = { status: 'FAILED', errorCode: query.error ?? null };
    }
    if (settle) {
      const settled = await settleConsentLink(deps.db, organization.id, link.id, settle);
      if (settled) {
        if (settled.changed) {
          await appendAuditEvent(deps.db, {
            organizationId: organization.id,
            actorUserId: access?.user.id ?? null,
            actorEmail: access?.user.email ?? null,
            action: 'connect.link_settled',
            targetType: 'consent_link',
            targetId: link.id,
            outcome: settle.status === 'COMPLETED' ? 'success' : 'failure',
            details: {
              status: settle.status,
              accountId: settle.accountId ?? null,
              errorCode: settle.errorCode ?? null,
              by: access ? 'member' : 'owner',
            },
            ip: deps.ip,
          });
        }
        link = settled.link;
      }
      view = viewOfSettled(link) ?? { outcome: 'unconfirmed', errorCode: null };
    }
  }
  // Opened, and perhaps settled: the members' open consent-link pages read it again.
  await publishChange(organization.id, { kind: 'consent-link', linkId: link.id });

  return {
    ...view!,
    organizationName: organization.name,
    singleVehicle: link.vin !== null,
    member: access ? { org: organization.slug, accountId: link.accountId, canConnect: can(access.role, 'connect.create') } : null,
    link: {
      locale: link.locale,
      scopes: link.scopes,
      expiresAt: link.expiresAt.toISOString(),
      settledAt: link.completedAt?.toISOString() ?? null,
      usedBefore,
    },
    face: await ownerFaceOf(organization, deps.db),
  };
}
