import { Skeleton, LoadingRows } from '@/components/ui/states';

export default function Loading() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
      <LoadingRows label="Loading vehicles" rows={8} />
    </div>
  );
}
