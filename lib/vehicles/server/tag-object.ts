import 'server-only';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import type { TagInput } from '@/lib/validations/fleet';
import { rememberTags } from './tags-seen';

/** Tags a vehicle, or an account (the upstream applies it to each of its vehicles). */
export async function addTag(org: Org, objectId: string, tag: TagInput) {
  const response = await (await orgVehicleApi(org)).createTag({ key: tag.key, value: tag.value, objectId });
  rememberTags(org.id, [tag]);
  return { tag, requestId: response.requestId };
}

export async function removeTag(org: Org, objectId: string, tag: TagInput) {
  const response = await (await orgVehicleApi(org)).deleteTag({ key: tag.key, value: tag.value, objectId });
  return { tag, requestId: response.requestId };
}
