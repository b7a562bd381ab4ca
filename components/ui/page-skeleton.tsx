import { LoadingRows, Skeleton } from './skeleton';

/**
 * The `loading.tsx` of a console section: the page title's place, an optional block (filters,
 * a form, stat cards) and the list's rows, announced once as loading.
 */
export function PageSkeleton({
  label,
  rows = 8,
  block = 'h-40',
  cards = 0,
}: {
  label: string;
  rows?: number;
  block?: string | null;
  cards?: number;
}) {
  return (
    <div className="space-y-4">
      <Skeleton className="h-8 w-48" />
      {cards > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: cards }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : null}
      {block ? <Skeleton className={`${block} w-full`} /> : null}
      <LoadingRows label={label} rows={rows} />
    </div>
  );
}
