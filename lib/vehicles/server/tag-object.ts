import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { AppError } from '@/lib/errors/app-error';
import type { TagInput } from '@/lib/vehicles/schemas';
import { isVehicleApiError } from '@/lib/vehicle-api';
import { rememberTags } from './list-tags-seen';

export type TagTarget = 'vehicle' | 'account';

/** Refusals that mean "this service does not tag accounts", not a broken request of ours. */
const ACCOUNT_REFUSALS = new Set(['REQUEST_VALIDATION_ERROR', 'RESOURCE_NOT_FOUND', 'NOT_PERMITTED']);

/**
 * Tagging an account is unproven [A]: the vendor says account tags reach the account's vehicles,
 * but accepts only `DEVICE` objects. When it refuses, say that plainly instead of an obscure code.
 */
export function explainTagRefusal(error: unknown, target: TagTarget, action: 'add' | 'remove'): unknown {
  if (target !== 'account' || !isVehicleApiError(error) || !ACCOUNT_REFUSALS.has(error.code)) return error;
  return new AppError(
    'ACCOUNT_TAGGING_REFUSED',
    `The Vehicle API refused to ${action === 'add' ? 'tag' : 'untag'} the account itself (${error.code}): it may tag vehicles only. Tag the account's vehicles one by one instead.`,
    { upstreamRequestId: error.requestId, details: { upstreamCode: error.code, upstreamStatus: error.status } },
  );
}

/** Tags a vehicle, or an account (the upstream applies it to each of its vehicles, when it accepts it). */
export async function addTag(org: Org, objectId: string, tag: TagInput, target: TagTarget = 'vehicle') {
  try {
    const response = await (await orgVehicleApi(org)).createTag({ key: tag.key, value: tag.value, objectId });
    rememberTags(org.id, [tag]);
    return { tag, requestId: response.requestId };
  } catch (error) {
    throw explainTagRefusal(error, target, 'add');
  }
}

export async function removeTag(org: Org, objectId: string, tag: TagInput, target: TagTarget = 'vehicle') {
  try {
    const response = await (await orgVehicleApi(org)).deleteTag({ key: tag.key, value: tag.value, objectId });
    return { tag, requestId: response.requestId };
  } catch (error) {
    throw explainTagRefusal(error, target, 'remove');
  }
}
