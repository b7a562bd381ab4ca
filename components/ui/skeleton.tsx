import { cn } from './cn';

/** Placeholders while content loads; plain markup, so server components (loading.tsx) ship no script for them. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800', className)} />;
}

/** Content on its way, announced by its label: a skeleton block per size given, in the shape of what will come. */
export function LoadingBlocks({ label, blocks, className }: { label: string; blocks: string[]; className?: string }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  );
}

export function LoadingRows({ rows = 5, label = 'Loading' }: { rows?: number; label?: string }) {
  return <LoadingBlocks label={label} blocks={Array.from({ length: rows }, () => 'h-8 w-full')} className="space-y-2" />;
}
