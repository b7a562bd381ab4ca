import 'server-only';
import { publishChange } from '@/lib/live/server/publish-change';
import { z } from 'zod';
import { toVendorMake } from '@/lib/contract/makes';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb, type Db } from '@/lib/db';
import { toLinkView } from './link-view';
import { createConsentLink, getConsentLink } from '@/lib/db/repos/consent-links';
import { mailConsentLink } from './mail-consent-link';
import { configuredMailer, type Mailer } from '@/lib/ops/mail';
import { uuidv7 } from '@/lib/db/ids';
import type { ConsentLink } from '@/lib/db/schema';
import type { ConnectLinkRequest } from '@/lib/connect/schemas';
import { CONNECT_LINK_TTL_SECONDS } from '@/lib/contract/vehicle-api';
import type { VehicleApi } from '@/lib/vehicle-api';
import { returnUrlFor } from '@/lib/connect/server/return-state';

/** The consent page is opened by a person: only an http(s) address from the upstream is ever shown as a link. */
const authenticationUrlSchema = z.url({ protocol: /^https?$/ });

function unique(values: string[], key = (v: string) => v) {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(key(v)) ? false : (seen.add(key(v)), true)));
}

/**
 * Asks the upstream for a consent link whose return URL is Motorpool's landing page for this very
 * link (its id is chosen first so it can travel in that URL), and keeps it.
 */
export async function createConnectLink(
  db: Db,
  api: Pick<VehicleApi, 'connectAccount'>,
  input: { organizationId: string; userId: string; request: ConnectLinkRequest; now?: number },
): Promise<{ link: ConsentLink; requestId: string | undefined }> {
  const { request } = input;
  const id = uuidv7();
  const vehicle = request.mode === 'vehicle';
  // The vendor takes only its own upper-case spelling; the schema refused any make it does not list.
  const makes = unique(request.makes.map((m) => toVendorMake(m) ?? m));
  const scopes = unique(request.scopes);
  const response = await api.connectAccount({
    returnUrl: returnUrlFor(id),
    scopes: scopes as ConnectLinkRequest['scopes'],
    deviceTypes: ['VEHICLE'],
    region: request.region,
    locale: request.locale,
    ...(request.countryCode ? { countryCode: request.countryCode } : {}),
    ...(makes.length ? { makes } : {}),
    ...(vehicle
      ? {
          vin: request.vin,
          ...(request.model ? { model: request.model } : {}),
          ...(request.modelYear ? { modelYear: request.modelYear } : {}),
        }
      : {}),
  });
  const url = authenticationUrlSchema.safeParse(response.data.authenticationUrl);
  if (!url.success) {
    throw new AppError('UPSTREAM_CONTRACT_MISMATCH', 'The Vehicle API answered without a usable consent link address.', {
      status: 502,
      upstreamRequestId: response.requestId,
    });
  }
  const now = input.now ?? Date.now();
  const link = await createConsentLink(db, {
    id,
    organizationId: input.organizationId,
    createdBy: input.userId,
    url: url.data,
    scopes,
    makes,
    region: request.region,
    locale: request.locale,
    countryCode: request.countryCode || null,
    vin: vehicle ? request.vin : null,
    model: vehicle ? request.model || null : null,
    modelYear: vehicle ? (request.modelYear ?? null) : null,
    expiresAt: new Date(now + CONNECT_LINK_TTL_SECONDS * 1000),
    reconnectsAccountId: request.reconnectsAccountId ?? null,
    reconnectsVehicleId: request.reconnectsVehicleId ?? null,
  });
  await publishChange(input.organizationId, { kind: 'consent-link', linkId: link.id });
  return { link, requestId: response.requestId };
}

/**
 * A new consent link, and with `mailTo` also e-mailed to the owner in one step (a reconnection).
 * The link exists either way, so a mail that fails is reported beside it (`mailError`) rather
 * than failing the creation.
 */
export async function createAndMailConnectLink(
  db: Db,
  api: Pick<VehicleApi, 'connectAccount'>,
  mailer: Mailer | undefined,
  input: { organization: { id: string; name: string }; user: { id: string; email: string }; request: ConnectLinkRequest },
) {
  const { organization, user, request } = input;
  const created = await createConnectLink(db, api, { organizationId: organization.id, userId: user.id, request });
  let { link } = created;
  let mailError: string | null = null;
  if (request.mailTo) {
    try {
      await mailConsentLink(organization, link.id, { to: request.mailTo }, db, mailer);
      link = (await getConsentLink(db, organization.id, link.id)) ?? link;
    } catch (error) {
      mailError = error instanceof AppError ? error.message : 'The link could not be e-mailed: copy it instead.';
    }
  }
  return { link: toLinkView(link, new Map([[user.id, user.email]])), requestId: created.requestId, mailError };
}

/** A new consent link for an account or one vehicle; its return URL is Motorpool's landing page. */
export async function createOrgConnectLink(access: OrgAccess, request: ConnectLinkRequest) {
  return createAndMailConnectLink(getDb(), await orgVehicleApi(access.org), configuredMailer(), {
    organization: access.org,
    user: access.user,
    request,
  });
}
