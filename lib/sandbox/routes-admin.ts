import 'server-only';
import { z } from 'zod';
import { CONNECT_LINK_TTL_SECONDS } from '@/lib/contract/vehicle-api';
import { type Ctx, ID } from './context';
import { invalid, notFound } from './errors';
import { type FaultSpec, faultSpecSchema } from './faults';
import { webhookFaultSchema, webhookTargetSchema } from './webhooks';
import { json, readJson, type Router } from './http';
import { createBulkConnection, renderGroup } from './routes-bulk';
import { parseOrThrow } from './routes-accounts';
import { pumpTelemetry, pushConnection, pushVehicleChanges } from './device-events';
import { isActive } from './model';
import { freezeCharge, simOf } from './sim';

const telemetryChangeSchema = z
  .object({ stateOfCharge: z.number().min(0).max(100).optional(), odometerKm: z.number().min(0).max(2_000_000).optional() })
  .strict();

/** Test and demo controls, not part of the contract. `reset` is delegated to the sandbox. */
export function registerAdminRoutes(router: Router<Ctx>, reset: () => void): void {
  router
    .on('POST', '/_admin/faults', async (ctx) => {
      const body = await readJson(ctx.request);
      // Webhook faults (duplicate, out_of_order, late, bad_signature) act on the sender, not on the API.
      const webhookFault = webhookFaultSchema.safeParse(body);
      if (webhookFault.success) {
        const id = ctx.core.options.webhooks.injectFault(webhookFault.data);
        return json({ id, injected: webhookFault.data });
      }
      const spec = parseOrThrow(faultSpecSchema, body, 'fault') as FaultSpec;
      const id = ctx.core.faults.inject(spec);
      return json({ id, injected: spec });
    })
    .on('DELETE', '/_admin/faults', (ctx) => {
      ctx.core.faults.clear();
      ctx.core.options.webhooks.clearFaults();
      return json({ cleared: true });
    })
    // One fault by the id its injection answered: a test takes back its own, not those of the tests beside it.
    .on('DELETE', `/_admin/faults/${ID}`, (ctx, [id]) => {
      const removed = ctx.core.faults.remove(id) || ctx.core.options.webhooks.removeFault(id);
      return json({ id, removed });
    })
    .on('PUT', '/_admin/webhooks', async (ctx) => {
      const target = parseOrThrow(webhookTargetSchema, await readJson(ctx.request), 'webhook target');
      ctx.core.organization(target.organizationId);
      ctx.core.options.webhooks.configure(target.organizationId, target.url ? { url: target.url, secret: target.secret! } : null);
      return json({ organizationId: target.organizationId, url: target.url });
    })
    .on('GET', '/_admin/webhooks/deliveries', (ctx) => json({ deliveries: ctx.core.options.webhooks.deliveries }))
    // Checks the fleet for changed telemetry now (the timer does it every few seconds), pushing what changed.
    .on('POST', '/_admin/webhooks/telemetry', (ctx) => json({ sent: pumpTelemetry(ctx.core, { limitPerOrganization: 100 }) }))
    // Plays a vehicle reporting new figures (a demo and test control): they change, and every metric is pushed as an event.
    .on('POST', `/_admin/vehicles/${ID}/telemetry`, async (ctx, [id]) => {
      const body = parseOrThrow(telemetryChangeSchema, await readJson(ctx.request), 'telemetry change');
      const org = ctx.core.organizations.find((o) => o.vehicleById.has(id));
      const vehicle = org?.vehicleById.get(id);
      if (!org || !vehicle || !isActive(vehicle)) throw notFound(`Vehicle ${id}`);
      const now = ctx.core.now();
      const sim = simOf(vehicle, now);
      freezeCharge(sim, now);
      if (body.stateOfCharge !== undefined) {
        sim.socPercent = body.stateOfCharge;
        sim.socAtChargeStart = body.stateOfCharge;
        if (sim.chargingState === 'CHARGING') sim.chargeStartedAt = now;
      }
      if (body.odometerKm !== undefined) sim.odometerKm = body.odometerKm;
      sim.updatedAt = now;
      vehicle.lastSeenAt = now;
      return json({ vehicleId: id, sent: pushVehicleChanges(ctx.core, org, vehicle, { force: true }) });
    })
    .on('POST', '/_admin/revoke-tokens', async (ctx) => {
      const body = parseOrThrow(
        z.object({ organizationId: z.string().optional() }).optional(),
        await readJson(ctx.request),
        'revoke request',
      );
      if (body?.organizationId) ctx.core.organization(body.organizationId);
      ctx.core.tokens.revoke(body?.organizationId);
      return json({ revoked: body?.organizationId ?? 'all' });
    })
    .on('POST', '/_admin/reset', () => {
      reset();
      return json({ reset: true });
    })
    .on('POST', '/_admin/advance-clock', async (ctx) => {
      const body = parseOrThrow(z.object({ ms: z.number().int().min(0) }), await readJson(ctx.request), 'advance-clock request');
      ctx.core.clockOffsetMs += body.ms;
      return json({ now: new Date(ctx.core.now()).toISOString() });
    })
    .on('GET', '/_admin/organizations', (ctx) => {
      return json({
        organizations: ctx.core.organizations.map((o) => ({
          id: o.id,
          name: o.name,
          clientId: o.clientId,
          clientSecret: o.clientSecret,
          fixtures: o.fixtures,
        })),
      });
    })
    .on('GET', '/_admin/stats', (ctx) => {
      const orgId = ctx.url.searchParams.get('organizationId') ?? undefined;
      return json({ apiRequests: ctx.core.apiRequests, tokensIssued: ctx.core.tokens.issuedCount, commands: ctx.core.commandStats(orgId) });
    })
    .on('GET', '/_admin/audit', (ctx) => {
      const orgId = ctx.url.searchParams.get('organizationId');
      const orgs = orgId ? [ctx.core.organization(orgId)] : ctx.core.organizations;
      return json({ entries: orgs.flatMap((o) => o.audit).map((e) => ({ ...e, at: new Date(e.at).toISOString() })) });
    })
    // Ages one consent link past its hour, leaving the clock (and every other link) alone.
    .on('POST', `/_admin/consent-links/${ID}/expire`, (ctx, [linkId]) => {
      const link = ctx.core.organizations.map((o) => o.consentLinks.get(linkId)).find(Boolean);
      if (!link) throw notFound(`Consent link ${linkId}`);
      link.createdAt = Math.min(link.createdAt, ctx.core.now() - CONNECT_LINK_TTL_SECONDS * 1000 - 1);
      return json({ id: link.id, expiredAt: new Date(link.createdAt + CONNECT_LINK_TTL_SECONDS * 1000).toISOString() });
    })
    // Plays an owner withdrawing consent at the manufacturer: the account is no longer listed and its vehicles disconnect (device.disconnected pushed).
    .on('POST', `/_admin/accounts/${ID}/withdraw`, (ctx, [accountId]) => {
      const org = ctx.core.organizations.find((o) => o.accountById.get(accountId)?.active);
      if (!org) throw notFound(`Account ${accountId}`);
      org.accountById.get(accountId)!.active = false;
      const vehicles = org.vehicles.filter((v) => v.accountId === accountId && v.connectionStatus !== 'DISCONNECTED');
      for (const vehicle of vehicles) {
        vehicle.connectionStatus = 'DISCONNECTED';
        pushConnection(ctx.core, org, vehicle, false);
      }
      return json({ id: accountId, withdrawn: true, vehicles: vehicles.map((v) => v.id) });
    })
    // Takes one vehicle offline (its commands then fail with OEM_VEHICLE_OFFLINE) or brings it back.
    .on('POST', `/_admin/vehicles/${ID}/online`, async (ctx, [vehicleId]) => {
      const body = parseOrThrow(z.object({ online: z.boolean() }).strict(), await readJson(ctx.request), 'online switch');
      const vehicle = ctx.core.organizations.map((o) => o.vehicles.find((v) => v.id === vehicleId)).find(Boolean);
      if (!vehicle) throw notFound(`Vehicle ${vehicleId}`);
      vehicle.online = body.online;
      if (body.online) vehicle.lastSeenAt = Math.max(vehicle.lastSeenAt, ctx.core.now());
      return json({ id: vehicle.id, online: vehicle.online });
    })
    // Plays a vendor that has (not) enabled bulk VIN connection for an organization (all when none is named).
    .on('POST', '/_admin/bulk-connect', async (ctx) => {
      const body = parseOrThrow(
        z.object({ organizationId: z.string().optional(), enabled: z.boolean() }),
        await readJson(ctx.request),
        'bulk-connect switch',
      );
      const orgs = body.organizationId ? [ctx.core.organization(body.organizationId)] : ctx.core.organizations;
      for (const org of orgs) org.bulkConnectEnabled = body.enabled;
      return json({ enabled: body.enabled, organizations: orgs.map((o) => o.id) });
    })
    .on('POST', '/_admin/bulk-connections', async (ctx) => {
      const body = (await readJson(ctx.request)) as { organizationId?: unknown } | undefined;
      if (body === undefined || typeof body !== 'object' || body === null) throw invalid('A JSON body with vins is required');
      const org = typeof body.organizationId === 'string' ? ctx.core.organization(body.organizationId) : ctx.core.organizations[0];
      const { organizationId: _ignored, ...rest } = body;
      const group = createBulkConnection(ctx.core, org, rest);
      return json(renderGroup(group, ctx.core.now()), 201);
    });
}
