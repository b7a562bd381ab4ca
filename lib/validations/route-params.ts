import * as z from './zod';
import { UPSTREAM_ID_MAX_LENGTH, UPSTREAM_ID_PATTERN } from './upstream-id';

/** Upstream ids travel in paths: a conservative alphabet keeps them from becoming paths or markup. */
export const upstreamId = z
  .string()
  .check(z.minLength(1), z.maxLength(UPSTREAM_ID_MAX_LENGTH), z.regex(UPSTREAM_ID_PATTERN, { message: 'Not a valid id' }));

export const vehicleParamsSchema = z.object({ org: z.string(), vehicleId: upstreamId });
export const executionParamsSchema = z.object({ org: z.string(), executionId: z.uuid({ message: 'Not a valid execution id' }) });
/** Motorpool's own user ids are uuids: anything else is a 400 here, not a database error later. */
export const memberParamsSchema = z.object({ org: z.string(), userId: z.uuid({ message: 'Not a valid user id' }) });
export const invitationParamsSchema = z.object({ org: z.string(), invitationId: z.uuid({ message: 'Not a valid invitation id' }) });
