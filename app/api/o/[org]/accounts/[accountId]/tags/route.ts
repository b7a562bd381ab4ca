import { tagRoutes } from '@/lib/vehicles/server/tag-routes';
import { accountParamsSchema } from '@/lib/vehicles/schemas';

/** Tagging an account tags each of its vehicles (the upstream propagates it). */
const tagging = tagRoutes(accountParamsSchema, 'accountId', 'account');
export const POST = tagging.POST;
export const DELETE = tagging.DELETE;
