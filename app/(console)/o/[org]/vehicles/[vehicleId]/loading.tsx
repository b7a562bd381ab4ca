import { Skeleton } from '@/components/ui/skeleton';

/** A section of the vehicle page loading (the header and tabs above stay). */
export default function Loading() {
  return (
    <div role="status" aria-label="Loading this section" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
