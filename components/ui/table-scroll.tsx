import type { ReactNode, Ref } from 'react';
import { cn } from './cn';

/** A horizontally scrollable table that keyboard users can scroll too (it takes focus). `relative` keeps screen-reader-only text inside the scroll box, not widening the page. */
export function TableScroll({
  label,
  className,
  children,
  ref,
}: {
  label: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      {children}
    </div>
  );
}
