import 'server-only';
import { type Ctx, ID } from './context';
import { notFound } from './errors';
import { chargingWindowsOf, hasBatteryData, listeningAuditOf, rangeOf, stateOfHealthOf } from './fleet-data';
import { json, type Router } from './http';
import { paginate, readPageQuery } from './paging';
import { platformAlertsOf } from './platform-alerts';
import { parseDate } from './routes-vehicles';

/** The vendor's published endpoints the contract leaves out (see `fleet-data.ts`). */
export function registerFleetDataRoutes(router: Router<Ctx>): void {
  router
    .on('GET', `/v1/vehicles/${ID}/state-of-health`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id, 'vehicle:telemetry');
      if (!hasBatteryData(vehicle)) throw notFound(`Battery data of vehicle ${id}`);
      return json(stateOfHealthOf(vehicle));
    })
    .on('GET', `/v1/vehicles/${ID}/range`, (ctx, [id]) => {
      const vehicle = ctx.core.vehicle(ctx.caller(), id, 'vehicle:telemetry');
      if (!hasBatteryData(vehicle)) throw notFound(`Range data of vehicle ${id}`);
      return json(rangeOf(vehicle));
    })
    .on('GET', `/v1/vehicles/${ID}/charging-windows`, (ctx, [id]) => {
      return json({ chargingWindows: chargingWindowsOf(ctx.core.vehicle(ctx.caller(), id, 'vehicle:charging_history')) });
    })
    .on('GET', `/v1/vehicles/${ID}/listening-audit`, (ctx, [id]) => {
      const caller = ctx.caller();
      const vehicle = ctx.core.vehicle(caller, id);
      const params = ctx.url.searchParams;
      const startAt = parseDate(params.get('startAt'), 'startAt');
      const endAt = parseDate(params.get('endAt'), 'endAt');
      const entries = listeningAuditOf(caller.organization.audit, vehicle.id, startAt, endAt);
      const page = paginate(entries, (e) => e, readPageQuery(params, `${startAt ?? ''}-${endAt ?? ''}`, ctx.core.pageClock()));
      return json({ results: page.results, nextPageToken: page.nextPageToken, totalResults: page.total });
    })
    .on('GET', `/v1/vehicles/${ID}/alerts`, (ctx, [id]) => {
      const caller = ctx.caller();
      const vehicle = ctx.core.vehicle(caller, id);
      const alerts = platformAlertsOf(vehicle, caller.organization.fixtures);
      const page = paginate(alerts, (a) => a, readPageQuery(ctx.url.searchParams, 'alerts', ctx.core.pageClock()));
      return json({ results: page.results, nextPageToken: page.nextPageToken, totalResults: page.total });
    });
}
