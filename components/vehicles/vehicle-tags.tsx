'use client';

import { FormError } from '@/components/ui/field';
import { X } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import Link from 'next/link';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/components/layout/session-role';
import { Skeleton } from '@/components/ui/states';
import { tagLabel } from '@/lib/vehicles/tags';
import type { TagRecord } from '@/lib/vehicles/types';
import { errorText } from '@/components/list/error-text';
import { useRemoveTag, useVehicleTags } from '@/lib/vehicles/tag-query';

/** Loaded only for those who may tag: the form brings zod and react-hook-form with it. */
export const AddTagForm = clientLazy(() => import('./add-tag-form').then((m) => m.AddTagForm));

/** The vehicle's tags as chips: a click filters the fleet by that tag; add and remove for those allowed. */
export function VehicleTags({ org, vehicleId, locked }: { org: string; vehicleId: string; locked?: boolean }) {
  const canTag = useCan('tags.write') && !locked;
  const tags = useVehicleTags(org, vehicleId);
  const remove = useRemoveTag(org, vehicleId);
  const removeTag = (tag: TagRecord) =>
    remove.mutate(tag, {
      onSuccess: () => toast.success(`Tag ${tagLabel(tag)} removed.`),
      onError: (error) => toast.error(errorText(error)),
    });

  return (
    <section aria-labelledby="vehicle-tags-heading" className="space-y-3">
      <h2 id="vehicle-tags-heading" className="text-sm font-semibold">
        Tags
      </h2>
      {tags.isPending ? (
        <Skeleton className="h-7 w-64" />
      ) : tags.isError ? (
        <FormError>Tags could not be loaded: {errorText(tags.error)}</FormError>
      ) : tags.data.tags.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No tags yet.{canTag ? ' Add one to group this vehicle and filter the fleet by it.' : ''}
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Tags of this vehicle">
          {tags.data.tags.map((tag) => (
            <li key={`${tag.key}\u0000${tag.value}`} className="inline-flex items-center rounded-full bg-zinc-100 text-sm dark:bg-zinc-800">
              <Link
                href={`/o/${org}/vehicles?${new URLSearchParams({ tagKey: tag.key, tagValue: tag.value })}`}
                className="rounded-full px-3 py-1 hover:underline"
                title="Show every vehicle with this tag"
              >
                <span className="font-medium">{tag.key}</span>: {tag.value}
              </Link>
              {canTag ? (
                <button
                  type="button"
                  aria-label={`Remove tag ${tagLabel(tag)}`}
                  disabled={remove.isPending}
                  onClick={() => removeTag(tag)}
                  className="mr-1 rounded-full p-1 hover:bg-zinc-200 dark:hover:bg-zinc-700"
                >
                  <X aria-hidden className="h-3.5 w-3.5" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canTag ? <AddTagForm org={org} target={{ vehicleId }} idPrefix="vehicle-tag" /> : null}
    </section>
  );
}
