import { LoadingBlocks } from '@/components/ui/skeleton';

export default function Loading() {
  return <LoadingBlocks label="Loading the account" blocks={['h-5 w-24', 'h-8 w-72', 'h-48 w-full']} className="space-y-4" />;
}
