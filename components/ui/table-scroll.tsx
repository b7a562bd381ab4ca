import type { ReactNode, Ref } from 'react';
import { cn } from './cn';

/**
 * The box around the table. A frame is chosen, not overridden with classes: `cn` does not resolve
 * conflicting utilities, so `border-0` beside `border` would be decided by stylesheet order.
 */
const FRAMES = {
  /** A card of its own. */
  card: 'rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900',
  /** A lighter box inside a card's body. */
  outlined: 'rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
  /** The whole of a card, clipped to its corners. */
  fill: 'rounded-xl bg-white dark:bg-zinc-900',
  /** Flush with the card it sits in. */
  flush: 'bg-white dark:bg-zinc-900',
  /** No box: the table on the page's own background. */
  bare: '',
} as const;

/** `x` scrolls sideways only; `both` also scrolls down inside a height the caller sets (`max-h-*`). */
const SCROLLS = { x: 'overflow-x-auto', both: 'overflow-auto' } as const;

/** A horizontally scrollable table that keyboard users can scroll too (it takes focus). `relative` keeps screen-reader-only text inside the scroll box, not widening the page. */
export function TableScroll({
  label,
  frame = 'card',
  scroll = 'x',
  className,
  children,
  ref,
}: {
  label: string;
  frame?: keyof typeof FRAMES;
  scroll?: keyof typeof SCROLLS;
  /** Only what the frame and scroll do not set (a height). */
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} role="region" aria-label={label} tabIndex={0} className={cn('relative', SCROLLS[scroll], FRAMES[frame], className)}>
      {children}
    </div>
  );
}
