import * as z from '@/lib/validations/zod';
import { upstreamId } from '@/lib/validations/route-params';

/** Consent at a glance is read for an account, or for one of its vehicles (the vehicle's page). */
export const accountConsentQuerySchema = z.object({ vehicleId: z.optional(upstreamId) });
export type AccountConsentQuery = z.infer<typeof accountConsentQuerySchema>;
