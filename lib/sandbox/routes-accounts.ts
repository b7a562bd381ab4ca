import 'server-only';
import { pushConnection } from './device-events';
import { z } from 'zod';
import {
  CONNECT_LINK_TTL_SECONDS,
  CONNECT_SCOPES,
  ELIGIBILITY,
  LOCALES,
  REGIONS,
  TAG_LIMIT,
  TAG_OBJECT_TYPES,
} from '@/lib/contract/vehicle-api';
import { BRANDS, REGION_COUNTRIES, brandOfVin, findBrand } from './catalog';
import { renderConsentPage, renderLinkProblemPage } from './consent-page';
import { type Ctx, ID } from './context';
import { ApiError, invalid, notFound } from './errors';
import { newAccount, newVehicle } from './fleet';
import { empty, html, json, readJson, type Router } from './http';
import { type Organization, type Vehicle, isActive } from './model';
import { paginate, readPageQuery } from './paging';
import { createRng, hashSeed, pick } from './random';

const connectSchema = z.object({
  returnUrl: z.url({ protocol: /^https?$/, message: 'returnUrl must be an http(s) URL' }),
  scopes: z.array(z.enum(CONNECT_SCOPES)).min(1),
  deviceTypes: z.array(z.literal('VEHICLE')).min(1).optional(),
  region: z.enum(REGIONS).default('EUROPE'),
  makes: z.array(z.string().trim().min(1)).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  locale: z.enum(LOCALES).optional(),
  vin: z.string().regex(ELIGIBILITY.vinPattern, 'vin must be 17 letters and digits').optional(),
  model: z.string().trim().min(1).max(100).optional(),
  modelYear: z.number().int().min(1980).max(2100).optional(),
});

const tagText = z.string().min(1).max(TAG_LIMIT);
const tagBodySchema = z.object({ key: tagText, value: tagText, objectType: z.enum(TAG_OBJECT_TYPES), objectId: z.string().min(1) });
const tagQuerySchema = z.object({ key: tagText, value: tagText, entityType: z.enum(TAG_OBJECT_TYPES), entityId: z.string().min(1) });

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw invalid(`Invalid ${what}: ${result.error.issues.map((i) => `${i.path.join('.') || '(body)'} ${i.message}`).join('; ')}`, {
      issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return result.data;
}

function activeAccount(org: Organization, id: string) {
  const account = org.accountById.get(id);
  if (!account || !account.active) throw notFound(`Account ${id}`);
  return account;
}

/** The active vehicles a tag request names: the vehicle itself, or every vehicle of an account. */
function tagTargets(org: Organization, objectId: string): Vehicle[] {
  const vehicle = org.vehicleById.get(objectId);
  if (vehicle && isActive(vehicle)) return [vehicle];
  const account = org.accountById.get(objectId);
  if (account?.active) return org.vehicles.filter((v) => v.accountId === account.id && isActive(v));
  throw notFound(`Object ${objectId}`);
}

function approve(ctx: Ctx, org: Organization, link: import('./model').ConsentLink): URL {
  const { core } = ctx;
  const now = core.now();
  const target = new URL(link.returnUrl);
  const rng = createRng(hashSeed(core.options.seed, 'consent', link.id));
  const count = link.vin ? 1 : 3;
  if (core.activeVehicles(org).length + count > core.options.deviceLimit) {
    target.searchParams.set('result', 'failure');
    target.searchParams.set('error', 'DEVICE_LIMIT_REACHED');
    return target;
  }
  const brand = (link.makes[0] && findBrand(link.makes[0])) || (link.vin && brandOfVin(link.vin)) || pick(rng, BRANDS);
  const account = newAccount(rng, 'owners', brand, link.region, org.accounts.length + 1);
  account.username = `owner${org.accounts.length + 1}@consent.example`;
  org.accounts.push(account);
  org.accountById.set(account.id, account);
  const country = link.countryCode?.toUpperCase() ?? REGION_COUNTRIES[link.region].inside[0];
  for (let i = 0; i < count; i++) {
    const vehicle = newVehicle(rng, {
      brand,
      account,
      country,
      vin: link.vin ?? undefined,
      model: link.model,
      modelYear: link.modelYear,
      now,
    });
    vehicle.registrationDate = now;
    vehicle.listeningLastUpdated = now;
    vehicle.lastSeenAt = now;
    vehicle.isRegNoValidated = false;
    org.vehicles.push(vehicle);
    org.vehicleById.set(vehicle.id, vehicle);
    pushConnection(core, org, vehicle, true);
  }
  target.searchParams.set('result', 'success');
  target.searchParams.set('accountId', account.id);
  return target;
}

function findLink(ctx: Ctx, linkId: string) {
  for (const org of ctx.core.organizations) {
    const link = org.consentLinks.get(linkId);
    if (link) return { org, link };
  }
  return null;
}

function linkProblem(ctx: Ctx, link: import('./model').ConsentLink): 'expired' | 'used' | null {
  if (link.usedAt !== null) return 'used';
  if (ctx.core.now() > link.createdAt + CONNECT_LINK_TTL_SECONDS * 1000) return 'expired';
  return null;
}

export function registerAccountRoutes(router: Router<Ctx>): void {
  router
    .on('GET', '/v1/accounts', (ctx) => {
      const org = ctx.caller().organization;
      const page = paginate(
        org.accounts.filter((a) => a.active),
        (a) => ({ id: a.id, username: a.username }),
        readPageQuery(ctx.url.searchParams, '', ctx.core.pageClock()),
      );
      return json({ results: page.results, nextPageToken: page.nextPageToken, totalResults: page.total });
    })
    .on('GET', `/v1/accounts/${ID}`, (ctx, [id]) => {
      const account = activeAccount(ctx.caller().organization, id);
      return json({ id: account.id, username: account.username });
    })
    .on('POST', '/v1/accounts:connect', async (ctx) => {
      const caller = ctx.caller();
      const body = parseOrThrow(connectSchema, await readJson(ctx.request), 'connect request');
      const org = caller.organization;
      const makes = body.makes ?? [];
      const unknown = makes.filter((m) => !findBrand(m));
      if (unknown.length) throw new ApiError('UNSUPPORTED_OEM', `Unsupported manufacturer: ${unknown.join(', ')}`, { makes: unknown });
      if (ctx.core.activeVehicles(org).length >= ctx.core.options.deviceLimit) {
        throw new ApiError('DEVICE_LIMIT_REACHED', `The organization has reached its limit of ${ctx.core.options.deviceLimit} devices`);
      }
      const id = ctx.core.newId('lnk');
      org.consentLinks.set(id, {
        id,
        createdAt: ctx.core.now(),
        usedAt: null,
        returnUrl: body.returnUrl,
        scopes: body.scopes,
        region: body.region,
        makes: makes.map((m) => findBrand(m)!.make),
        vin: body.vin?.toUpperCase() ?? null,
        model: body.model ?? null,
        modelYear: body.modelYear ?? null,
        countryCode: body.countryCode?.toUpperCase() ?? null,
        locale: body.locale ?? null,
      });
      return json({ authenticationUrl: `${ctx.core.publicBaseUrl(ctx.request)}/consent/${id}` });
    })
    .on('POST', `/v1/accounts/${ID}:disconnect`, (ctx, [id]) => {
      const org = ctx.caller().organization;
      const account = activeAccount(org, id);
      account.active = false;
      for (const vehicle of org.vehicles) {
        if (vehicle.accountId !== account.id || vehicle.connectionStatus === 'DISCONNECTED') continue;
        vehicle.connectionStatus = 'DISCONNECTED';
        pushConnection(ctx.core, org, vehicle, false);
      }
      return json({});
    })
    .on('GET', `/consent/${ID}`, (ctx, [linkId]) => {
      const found = findLink(ctx, linkId);
      if (!found) return html(renderLinkProblemPage('unknown'), 404);
      const problem = linkProblem(ctx, found.link);
      if (problem) return html(renderLinkProblemPage(problem), 410);
      return html(renderConsentPage(found.link, found.org.name, ctx.url.pathname));
    })
    .on('POST', `/consent/${ID}`, async (ctx, [linkId]) => {
      const found = findLink(ctx, linkId);
      if (!found) return html(renderLinkProblemPage('unknown'), 404);
      const problem = linkProblem(ctx, found.link);
      if (problem) return html(renderLinkProblemPage(problem), 410);
      const decision = new URLSearchParams(await ctx.request.text()).get('decision');
      if (decision !== 'approve' && decision !== 'deny') return html(renderLinkProblemPage('failed', 'Choose Approve or Deny.'), 400);
      found.link.usedAt = ctx.core.now();
      let target: URL;
      if (decision === 'approve') target = approve(ctx, found.org, found.link);
      else {
        target = new URL(found.link.returnUrl);
        target.searchParams.set('result', 'failure');
        target.searchParams.set('error', 'ACCESS_DENIED');
      }
      return new Response(null, { status: 303, headers: { location: target.toString() } });
    })
    .on('POST', '/v1/tags', async (ctx) => {
      const org = ctx.caller().organization;
      const body = parseOrThrow(tagBodySchema, await readJson(ctx.request), 'tag');
      for (const vehicle of tagTargets(org, body.objectId)) {
        const tags = org.tags.get(vehicle.id) ?? [];
        if (!tags.some((t) => t.key === body.key && t.value === body.value)) tags.push({ key: body.key, value: body.value });
        org.tags.set(vehicle.id, tags);
      }
      return empty(200);
    })
    .on('DELETE', '/v1/tags', (ctx) => {
      const org = ctx.caller().organization;
      const query = parseOrThrow(tagQuerySchema, Object.fromEntries(ctx.url.searchParams), 'tag query');
      for (const vehicle of tagTargets(org, query.entityId)) {
        const tags = (org.tags.get(vehicle.id) ?? []).filter((t) => !(t.key === query.key && t.value === query.value));
        org.tags.set(vehicle.id, tags);
      }
      return empty(200);
    })
    .on('GET', `/v1/tags/${ID}/${ID}`, (ctx, [entityType, entityId]) => {
      const org = ctx.caller().organization;
      if (!(TAG_OBJECT_TYPES as readonly string[]).includes(entityType))
        throw invalid(`entity_type must be one of ${TAG_OBJECT_TYPES.join(', ')}`);
      const vehicle = org.vehicleById.get(entityId);
      if (!vehicle || !isActive(vehicle)) throw notFound(`Object ${entityId}`);
      return json({ tags: (org.tags.get(vehicle.id) ?? []).map((t) => ({ key: t.key, value: t.value })) });
    });
}
