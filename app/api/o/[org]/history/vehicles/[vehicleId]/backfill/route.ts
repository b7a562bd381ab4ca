import { withOrg } from '@/lib/bff/with-org';
import { backfillParamsSchema, backfillQuerySchema, backfillRequestSchema } from '@/lib/history/schemas';
import { getVehicleBackfill, requestBackfill } from '@/lib/history/server/request-backfill';

/** A vehicle's history backfill: the request and its progress, what is stored, and the estimated cost of a start (no upstream call). */
export const GET = withOrg((access) => getVehicleBackfill(access, access.params.vehicleId, access.query), {
  permission: 'reports.read',
  params: backfillParamsSchema,
  query: backfillQuerySchema,
});

/** Asks for the vehicle's history back to a start; merged into a request still open; gathered within the vehicle's budget share. */
export const POST = withOrg((access) => requestBackfill(access, access.params.vehicleId, access.body), {
  permission: 'reports.write',
  params: backfillParamsSchema,
  body: backfillRequestSchema,
  audit: {
    action: 'history.backfill_requested',
    target: ({ params }) => ({ type: 'vehicle', id: params.vehicleId }),
    details: ({ body, result }) => ({
      from: body.from,
      requestFrom: result.backfill.from,
      merged: result.merged,
      status: result.backfill.status,
      estimatedCalls: result.estimate.calls,
    }),
  },
});
