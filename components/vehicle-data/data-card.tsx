'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionCard } from '@/components/ui/card';
import { LoadingBlocks } from '@/components/ui/states';
import type { UpstreamMeta } from '@/lib/vehicle-data/types';
import { RawView } from './raw-view';
import { SectionError } from '@/components/list/section-error';

type DataCardProps<T extends UpstreamMeta> = {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  query: UseQueryResult<T>;
  /** Height of the loading skeleton, so the page does not jump. */
  skeleton?: string;
  /** Whether the data has nothing to show, and the sentence that says so. */
  empty?: { when: (data: T) => boolean; text: string };
  children: (data: T) => ReactNode;
};

/** A section of a vehicle data view: its loading skeleton, its error with the request id, its empty state, its content and raw view. */
export function DataCard<T extends UpstreamMeta>({
  id,
  title,
  description,
  actions,
  query,
  skeleton = 'h-32',
  empty,
  children,
}: DataCardProps<T>) {
  return (
    <SectionCard
      id={`${id}-heading`}
      title={title}
      description={description}
      actions={actions}
      bodyClassName=""
      footer={query.data ? <RawView meta={query.data} label={title} /> : null}
    >
      {query.isPending ? (
        <LoadingBlocks label={`Loading ${title.toLowerCase()}`} blocks={[`${skeleton} w-full`]} />
      ) : query.isError ? (
        <SectionError error={query.error} title={`${title} could not be loaded`} onRetry={() => query.refetch()} />
      ) : empty?.when(query.data) ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{empty.text}</p>
      ) : (
        children(query.data)
      )}
    </SectionCard>
  );
}
