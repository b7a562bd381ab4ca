import 'server-only';
import { z } from 'zod';
import { BULK_CONNECT, ELIGIBILITY, PAGE_SIZE, SPECIFICATION_COUNTRIES } from '@/lib/contract/vehicle-api';
import { REGION_COUNTRIES, brandOfVin, findBrand } from './catalog';
import { type Ctx, ID } from './context';
import type { Core } from './core';
import { ApiError, invalid, notFound } from './errors';
import { json, readJson, type Router } from './http';
import { type BulkGroup, type BulkVinInput, type Organization, isActive } from './model';
import { createRng, hashSeed } from './random';
import { parseOrThrow } from './routes-accounts';

/**
 * Eligibility checks and bulk connection groups progress with time, computed on read:
 * CREATED for a second, PROCESSING for a few more (longer for bigger batches), then COMPLETED.
 */
const CREATED_MS = 1_000;
const PROCESSING_MS = 2_000;
const PER_VIN_MS = 5;

const vinEntrySchema = z.object({
  vin: z.string().regex(ELIGIBILITY.vinPattern, 'must be 17 letters and digits'),
  make: z.string().trim().min(1).optional(),
  countryCode: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
});
const vinsSchema = z.object({ vins: z.array(vinEntrySchema).min(ELIGIBILITY.minVins).max(ELIGIBILITY.maxVins) });
/** [V] `POST /v1/vehicles/connect` takes `{"vehicles": [...]}`, each with a make; not the eligibility check's `vins`. */
const connectVehicleSchema = z.object({
  vin: z.string().regex(ELIGIBILITY.vinPattern, 'must be 17 letters and digits'),
  make: z.string().trim().min(1),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .nullish(),
  registrationPlate: z.string().nullish(),
  model: z.string().nullish(),
  modelYear: z.number().int().nullish(),
  tags: z.array(z.object({ key: z.string().max(150), value: z.string().max(150) })).nullish(),
});
const connectVehiclesSchema = z.object({ vehicles: z.array(connectVehicleSchema).min(BULK_CONNECT.minVins).max(BULK_CONNECT.maxVins) });

const KNOWN_COUNTRIES = new Set<string>([
  ...SPECIFICATION_COUNTRIES,
  ...REGION_COUNTRIES.EUROPE.outside,
  ...REGION_COUNTRIES.NORTH_AMERICA.outside,
]);

export function groupStatus(group: BulkGroup, now: number): 'CREATED' | 'PROCESSING' | 'COMPLETED' {
  const age = now - group.createdAt;
  if (age < CREATED_MS) return 'CREATED';
  if (age < CREATED_MS + PROCESSING_MS + PER_VIN_MS * group.vins.length) return 'PROCESSING';
  return 'COMPLETED';
}

export function renderGroup(group: BulkGroup, now: number) {
  return { id: group.id, status: groupStatus(group, now), createdAt: new Date(group.createdAt).toISOString() };
}

function readResultsPaging(params: URLSearchParams) {
  const rawSize = params.get('maxPageSize') ?? String(PAGE_SIZE.default);
  const rawPage = params.get('currentPage') ?? '0';
  if (!/^-?\d+$/.test(rawSize) || Number(rawSize) < 1) throw invalid('maxPageSize must be an integer of at least 1');
  if (!/^-?\d+$/.test(rawPage) || Number(rawPage) < 0) throw invalid('currentPage must be an integer of at least 0');
  if (Number(rawSize) > PAGE_SIZE.max) throw new ApiError('PAGE_SIZE_TOO_LARGE', `maxPageSize must be at most ${PAGE_SIZE.max}`);
  return { size: Number(rawSize), page: Number(rawPage) };
}

function normalise(input: { vin: string; make?: string; countryCode?: string | null }): BulkVinInput {
  return { vin: input.vin.toUpperCase(), make: input.make ?? null, countryCode: input.countryCode?.toUpperCase() ?? '' };
}

function eligibilityResult(group: BulkGroup, input: BulkVinInput, index: number, status: string) {
  const make = (input.make && findBrand(input.make)?.make) ?? input.make ?? brandOfVin(input.vin)?.make ?? null;
  const base = { rowId: index + 1, vin: input.vin, make };
  if (status !== 'COMPLETED') {
    const submitted = status === 'PROCESSING' && index % 2 === 0;
    return { ...base, status: submitted ? 'SUBMITTED' : 'PENDING', errorMessage: null };
  }
  if (/[IOQ]/.test(input.vin)) return { ...base, status: 'VALIDATION_ERROR', errorMessage: 'A VIN never contains I, O or Q' };
  if (input.make && !findBrand(input.make))
    return { ...base, status: 'NOT_SUPPORTED', errorMessage: `${input.make} is not a supported manufacturer` };
  if (!KNOWN_COUNTRIES.has(input.countryCode))
    return { ...base, status: 'INELIGIBLE', errorMessage: `Connected services are not offered in ${input.countryCode}` };
  const roll = createRng(hashSeed(group.id, input.vin))();
  if (!make) return { ...base, status: 'NOT_SUPPORTED', errorMessage: 'The manufacturer could not be identified from the VIN' };
  if (roll < 0.72) return { ...base, status: 'ELIGIBLE', errorMessage: null };
  if (roll < 0.87) return { ...base, status: 'INELIGIBLE', errorMessage: 'The vehicle has no connectivity module' };
  if (roll < 0.94) return { ...base, status: 'INELIGIBLE_PENDING_FAILURE_REASON', errorMessage: null };
  return { ...base, status: 'FAILED', errorMessage: 'The manufacturer did not answer; try again later' };
}

function connectionResult(org: Organization, group: BulkGroup, input: BulkVinInput, index: number, status: string) {
  const existing = org.vehicles.find((v) => v.vin === input.vin && isActive(v));
  const brand = (input.make && findBrand(input.make)) || brandOfVin(input.vin);
  const base = {
    vehicleId: null as string | null,
    vehicleInputId: `vin_${hashSeed(group.id, index).toString(16)}`,
    vin: input.vin,
    make: existing?.make ?? brand?.make ?? input.make,
    model: existing?.model ?? null,
    countryCode: input.countryCode,
    registrationPlate: existing?.registrationPlate ?? null,
    modelYear: existing?.modelYear ?? null,
    wasAlreadyConnected: false,
    canRetry: false,
    errors: [] as Array<{ code: string; message: string; actionCategory: string }>,
  };
  if (status !== 'COMPLETED') return { ...base, status: status === 'PROCESSING' ? 'PROCESSING' : 'PENDING', message: null };
  if (existing)
    return { ...base, vehicleId: existing.id, status: 'CONNECTED', message: 'The vehicle is connected', wasAlreadyConnected: true };
  const roll = createRng(hashSeed(group.id, input.vin, 'connect'))();
  if (!brand || roll >= 0.8) {
    return {
      ...base,
      status: 'INCOMPATIBLE',
      message: 'The vehicle cannot be connected',
      errors: [
        {
          code: 'OEM_VEHICLE_NOT_COMPATIBLE',
          message: 'The vehicle has no compatible connectivity module',
          actionCategory: 'CONTACT_SUPPORT',
        },
      ],
    };
  }
  if (roll < 0.6) {
    return {
      ...base,
      status: 'CONNECTION_REQUIRED',
      message: 'The owner must grant consent',
      canRetry: true,
      errors: [{ code: 'FLEET_CONSENT_MISSING', message: 'The owner has not granted consent yet', actionCategory: 'CUSTOMER_ACTION' }],
    };
  }
  return {
    ...base,
    status: 'ERROR',
    message: 'The manufacturer refused the connection',
    canRetry: true,
    errors: [
      { code: 'OEM_VEHICLE_DATA_SHARING_DISABLED', message: 'The manufacturer did not accept the request', actionCategory: 'UNDER_REVIEW' },
    ],
  };
}

function groupOf(org: Organization, id: string, kind: BulkGroup['kind']): BulkGroup {
  const group = org.bulkGroups.get(id);
  if (!group || group.kind !== kind) throw notFound(kind === 'eligibility' ? `Eligibility check ${id}` : `Bulk connection ${id}`);
  return group;
}

/** Creates a bulk connection group (admin API; the contract has no creation call for it). */
export function createBulkConnection(core: Core, org: Organization, body: unknown): BulkGroup {
  return newGroup(core, org, 'connection', parseOrThrow(vinsSchema, body, 'bulk connection').vins.map(normalise));
}

function newGroup(core: Core, org: Organization, kind: BulkGroup['kind'], vins: BulkGroup['vins']): BulkGroup {
  const group: BulkGroup = { id: core.newId(kind === 'eligibility' ? 'elg' : 'bcg'), kind, createdAt: core.now(), vins };
  org.bulkGroups.set(group.id, group);
  return group;
}

function pageOf<T>(items: T[], paging: { size: number; page: number }) {
  return items.slice(paging.page * paging.size, (paging.page + 1) * paging.size);
}

/** A new eligibility check or bulk connection of these VINs, answered as the upstream does (202). */
function startGroup(ctx: Ctx, kind: BulkGroup['kind'], vins: BulkGroup['vins']) {
  return json(renderGroup(newGroup(ctx.core, ctx.caller().organization, kind, vins), ctx.core.now()), 202);
}

export function registerBulkRoutes(router: Router<Ctx>): void {
  router
    .on('POST', '/v1/vehicles/eligibility', async (ctx) => {
      ctx.caller(); // a missing token is a 401 before the body is read
      const body = parseOrThrow(vinsSchema, await readJson(ctx.request), 'eligibility request');
      return startGroup(ctx, 'eligibility', body.vins.map(normalise));
    })
    .on('GET', `/v1/vehicles/eligibility/${ID}/results`, (ctx, [id]) => {
      const group = groupOf(ctx.caller().organization, id, 'eligibility');
      const paging = readResultsPaging(ctx.url.searchParams);
      const status = groupStatus(group, ctx.core.now());
      const results = pageOf(
        group.vins.map((input, i) => ({ input, i })),
        paging,
      ).map(({ input, i }) => eligibilityResult(group, input, i, status));
      return json({ results, totalResults: group.vins.length });
    })
    .on('POST', '/v1/vehicles/connect', async (ctx) => {
      const org = ctx.caller().organization;
      if (!org.bulkConnectEnabled) throw new ApiError('NOT_PERMITTED', 'Bulk VIN connection is not enabled for your organization');
      const body = parseOrThrow(connectVehiclesSchema, await readJson(ctx.request), 'bulk connection request');
      return startGroup(ctx, 'connection', body.vehicles.map(normalise));
    })
    .on('GET', `/v1/vehicles/connect/${ID}`, (ctx, [id]) => {
      return json(renderGroup(groupOf(ctx.caller().organization, id, 'connection'), ctx.core.now()));
    })
    .on('GET', `/v1/vehicles/connect/${ID}/results`, (ctx, [id]) => {
      const org = ctx.caller().organization;
      const group = groupOf(org, id, 'connection');
      const paging = readResultsPaging(ctx.url.searchParams);
      const status = groupStatus(group, ctx.core.now());
      const results = pageOf(
        group.vins.map((input, i) => ({ input, i })),
        paging,
      ).map(({ input, i }) => connectionResult(org, group, input, i, status));
      return json({ results, totalResults: group.vins.length });
    });
}
