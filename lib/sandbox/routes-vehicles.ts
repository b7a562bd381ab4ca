import 'server-only';
import { budgetFigures, pushBudgetChanges, pushConnection, pushVehicleChanges } from './device-events';
import { z } from 'zod';
import { RATE_LIMIT_DOMAINS, TIRE_HISTORY } from '@/lib/contract/vehicle-api';
import { hasScope } from './auth';
import { OPTIONS_MAKE } from './catalog';
import { commandOfSegment, createExecution, renderExecution, validateCommandBody } from './commands';
import { type Ctx, ID } from './context';
import { ApiError, invalid, notFound } from './errors';
import {
  alertsOf,
  chargingSessionsOf,
  departureTimesOf,
  journeysOf,
  optionsOf,
  servicesOf,
  specificationsOf,
  tireHistoryOf,
} from './history';
import { empty, json, readJson, type Router } from './http';
import type { Vehicle } from './model';
import { paginate, readPageQuery } from './paging';
import { RATE_LIMITS, budgetsOf, renderTelemetry, renderVehicle, vehicleFilterView } from './sim';
import { parseOrThrow } from './routes-accounts';
import { vendorFilterView } from './vendor-profile';

const listeningSchema = z.object({ isListening: z.boolean() });
const plateSchema = z.object({ registrationPlate: z.string().trim().min(1).max(50) });
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseDate(raw: string | null, name: string): number | null {
  if (raw === null || raw === '') return null;
  const ms = ISO.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(ms)) throw invalid(`${name} must be an ISO 8601 datetime`);
  return ms;
}

function threeMonthsBefore(ms: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() - 3);
  return d.getTime();
}

function listeningBody(vehicle: Vehicle) {
  return { vehicleId: vehicle.id, isListening: vehicle.isListening, lastUpdated: new Date(vehicle.listeningLastUpdated).toISOString() };
}

export function registerVehicleRoutes(router: Router<Ctx>): void {
  router
    .on('GET', '/v1/vehicles', (ctx) => {
      const caller = ctx.caller();
      const org = caller.organization;
      const params = ctx.url.searchParams;
      const tagKey = params.get('tagKey');
      const tagValue = params.get('tagValue');
      const query = readPageQuery(params, `${tagKey ?? ''}\u0000${tagValue ?? ''}`, ctx.core.pageClock());
      let vehicles = ctx.core.activeVehicles(org);
      if (tagKey !== null || tagValue !== null) {
        vehicles = vehicles.filter((v) =>
          (org.tags.get(v.id) ?? []).some((t) => (tagKey === null || t.key === tagKey) && (tagValue === null || t.value === tagValue)),
        );
      }
      const withInformation = hasScope(caller, 'vehicle:information');
      const page = paginate(
        vehicles,
        (v) => renderVehicle(v, withInformation),
        query,
        ctx.core.options.profile === 'vendor'
          ? (v) => vendorFilterView(vehicleFilterView(v, withInformation))
          : (v) => vehicleFilterView(v, withInformation),
      );
      return json({ results: page.results, nextPageToken: page.nextPageToken, totalResults: page.total });
    })
    .on('GET', `/v1/vehicles/${ID}`, (ctx, [id]) => {
      const caller = ctx.caller();
      return json(renderVehicle(ctx.core.vehicle(caller, id), hasScope(caller, 'vehicle:information')));
    })
    .on('DELETE', `/v1/vehicles/${ID}`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id);
      vehicle.connectionStatus = 'DISCONNECTED';
      pushConnection(ctx.core, ctx.caller().organization, vehicle, false);
      return empty(202);
    })
    .on('GET', `/v1/vehicles/${ID}/options`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id, 'vehicle:information');
      if (vehicle.make !== OPTIONS_MAKE) throw new ApiError('UNSUPPORTED_OEM', `Options are only available for ${OPTIONS_MAKE} vehicles`);
      return json(optionsOf(vehicle));
    })
    .on('POST', `/v1/vehicles/${ID}/registration-plate`, async (ctx, [id]) => {
      const caller = ctx.caller();
      const vehicle = ctx.core.vehicle(caller, id, 'vehicle:information');
      const body = parseOrThrow(plateSchema, await readJson(ctx.request), 'registration plate');
      vehicle.registrationPlate = body.registrationPlate;
      vehicle.isRegNoValidated = false;
      vehicle.regNoValidatedAt = null;
      return json(renderVehicle(vehicle, true));
    })
    .on('GET', `/v1/vehicles/${ID}/specifications`, (ctx, [id]) => {
      return json(specificationsOf(ctx.core.vehicle(ctx.caller(), id, 'vehicle:information')));
    })
    .on('GET', `/v1/vehicles/${ID}/telemetry`, (ctx, [id]) => {
      return json(renderTelemetry(ctx.core.vehicle(ctx.caller(), id, 'vehicle:telemetry'), ctx.core.now()));
    })
    .on('POST', `/v1/vehicles/${ID}/listening`, async (ctx, [id]) => {
      const caller = ctx.caller();
      const vehicle = ctx.core.vehicle(caller, id);
      const body = parseOrThrow(listeningSchema, await readJson(ctx.request), 'listening state');
      if (vehicle.isListening === body.isListening) return json(listeningBody(vehicle), 200);
      const now = ctx.core.now();
      vehicle.isListening = body.isListening;
      vehicle.listeningLastUpdated = now;
      caller.organization.audit.push({
        at: now,
        organizationId: caller.organization.id,
        action: 'listening.changed',
        vehicleId: vehicle.id,
        isListening: body.isListening,
      });
      // A vehicle that starts listening reports its state again (every metric is pushed) when it is online.
      if (body.isListening && vehicle.online) pushVehicleChanges(ctx.core, caller.organization, vehicle, { force: true });
      return json(listeningBody(vehicle), 202);
    })
    .on('POST', `/v1/vehicles/${ID}/command-execution:([a-z-]+)`, async (ctx, [id, segment]) => {
      const command = commandOfSegment(segment);
      if (!command) throw notFound(`Command ${segment}`);
      const vehicle = ctx.core.vehicle(ctx.caller(), id, 'vehicle:commands');
      const args = validateCommandBody(command, await readJson(ctx.request), ctx.core.options.profile);
      const { core } = ctx;
      const budgetsBefore = budgetFigures(vehicle, core.now());
      const execution = createExecution(vehicle, command, args, {
        now: core.now(),
        delayMs: core.options.commandDelayMs,
        faultRate: core.options.commandFaultRate,
        rng: core.rng,
      });
      const settled = renderExecution(execution, execution.settlesAt);
      const event = { id: execution.id, deviceType: 'VEHICLE', deviceId: vehicle.id, command: execution.command };
      core.options.webhooks.emit(
        ctx.caller().organization.id,
        'command.updated',
        { ...event, status: settled.status, failedReason: settled.failedReason ?? null },
        { delayMs: execution.settlesAt - core.now(), stale: { ...event, status: 'PENDING', failedReason: null } },
      );
      pushBudgetChanges(core, ctx.caller().organization, vehicle, budgetsBefore);
      return json(renderExecution(execution, core.now()));
    })
    .on('GET', `/v1/vehicles/${ID}/command-executions`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id);
      const now = ctx.core.now();
      const page = paginate(
        [...vehicle.executions].reverse(),
        (e) => renderExecution(e, now),
        readPageQuery(ctx.url.searchParams, '', ctx.core.pageClock()),
      );
      return json({ results: page.results, nextPageToken: page.nextPageToken, totalResults: page.total });
    })
    .on('GET', `/v1/vehicles/${ID}/command-executions/${ID}`, (ctx, [id, executionId]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id);
      const execution = vehicle.executions.find((e) => e.id === executionId);
      if (!execution) throw notFound(`Command execution ${executionId}`);
      return json(renderExecution(execution, ctx.core.now()));
    })
    .on('GET', `/v1/vehicles/${ID}/journeys`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id);
      const page = paginate(
        journeysOf(vehicle, ctx.core.seededAt, ctx.core.journeys),
        (j) => j,
        readPageQuery(ctx.url.searchParams, '', ctx.core.pageClock()),
      );
      return json({ results: page.results, nextPageToken: page.nextPageToken, estimatedTotalResults: page.total });
    })
    .on('GET', `/v1/vehicles/${ID}/charging-history`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id, 'vehicle:charging_history');
      const sessions = chargingSessionsOf(vehicle, ctx.core.seededAt, ctx.core.chargingSessions);
      const page = paginate(sessions, (s) => s, readPageQuery(ctx.url.searchParams, '', ctx.core.pageClock()));
      return json({ results: page.results, nextPageToken: page.nextPageToken, totalResults: page.total });
    })
    .on('GET', `/v1/vehicles/${ID}/charging-history/${ID}`, (ctx, [id, sessionId]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id, 'vehicle:charging_history');
      const session = chargingSessionsOf(vehicle, ctx.core.seededAt, ctx.core.chargingSessions).find((s) => s.id === sessionId);
      if (!session) throw notFound(`Charging session ${sessionId}`);
      return json(session);
    })
    .on('GET', `/v1/vehicles/${ID}/maintenance/services`, (ctx, [id]) => {
      return json({ services: servicesOf(ctx.core.vehicle(ctx.caller(), id), ctx.core.seededAt) });
    })
    .on('GET', `/v1/vehicles/${ID}/departure-times`, (ctx, [id]) => {
      // The contract lists no RESOURCE_NOT_FOUND here: an unknown vehicle id is a validation error.
      const caller = ctx.caller();
      const vehicle = caller.organization.vehicleById.get(id);
      if (!vehicle || vehicle.connectionStatus === 'DISCONNECTED') throw invalid(`vehicle_id ${id} is not a vehicle of this organization`);
      return json({ departureTimes: departureTimesOf(vehicle) });
    })
    .on('GET', `/v1/vehicles/${ID}/maintenance/tires/historic`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id);
      const now = ctx.core.now();
      const params = ctx.url.searchParams;
      const to = parseDate(params.get(TIRE_HISTORY.toParam), TIRE_HISTORY.toParam) ?? now;
      const from = parseDate(params.get(TIRE_HISTORY.fromParam), TIRE_HISTORY.fromParam) ?? threeMonthsBefore(to);
      if (from >= to) throw invalid(`${TIRE_HISTORY.fromParam} must be before ${TIRE_HISTORY.toParam}`);
      if (to - from > TIRE_HISTORY.maxRangeDays * 86_400_000) throw invalid('The range may span at most three months');
      return json({ tires: tireHistoryOf(vehicle, from, Math.min(to, now)) });
    })
    .on('GET', `/v1/vehicles/${ID}/maintenance/manufacturer-alerts/current`, (ctx, [id]) => {
      return json({ alerts: alertsOf(ctx.core.vehicle(ctx.caller(), id), ctx.core.seededAt) });
    })
    .on('GET', '/v1/rate-limits', (ctx) => {
      const caller = ctx.caller();
      const objectId = ctx.url.searchParams.get('objectId');
      const domain = ctx.url.searchParams.get('domain') ?? 'VEHICLE';
      if (!objectId) throw invalid('objectId is required');
      if (!(RATE_LIMIT_DOMAINS as readonly string[]).includes(domain))
        throw invalid(`domain must be one of ${RATE_LIMIT_DOMAINS.join(', ')}`);
      const vehicle = ctx.core.vehicle(caller, objectId);
      const budgets = budgetsOf(vehicle, ctx.core.now());
      return json(
        (Object.keys(RATE_LIMITS) as Array<keyof typeof RATE_LIMITS>).map((key) => ({
          remainingRequests: budgets[key].remaining,
          maxRequests: RATE_LIMITS[key].max,
          domain,
          windowSizeSeconds: RATE_LIMITS[key].windowSeconds,
          objectId: vehicle.id,
          key,
        })),
      );
    });
}
