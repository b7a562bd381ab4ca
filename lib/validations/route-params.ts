import { z } from 'zod';

/** Upstream ids travel in paths: a conservative alphabet keeps them from becoming paths or markup. */
export const upstreamId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, { message: 'Not a valid id' });

export const vehicleParamsSchema = z.object({ org: z.string(), vehicleId: upstreamId });
export const executionParamsSchema = z.object({ org: z.string(), executionId: z.uuid({ message: 'Not a valid execution id' }) });
