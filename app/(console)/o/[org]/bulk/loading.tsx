import { PageSkeleton } from '@/components/ui/page-skeleton';

export default function Loading() {
  return <PageSkeleton label="Loading the bulk jobs" block="h-64" />;
}
