import { LoadingRows, Skeleton } from '@/components/ui/states';

export default function Loading() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-72 w-full" />
      <LoadingRows label="Loading consent links" rows={4} />
    </div>
  );
}
