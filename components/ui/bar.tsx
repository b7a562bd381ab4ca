import { cn } from './cn';

/**
 * A figure drawn as a filled bar, with its numbers for assistive technology: a `meter` for a
 * level (a budget, a share), a `progressbar` for work under way. Colour is never the only signal:
 * say the figure in text beside it.
 */
export function Bar({
  role,
  label,
  value,
  max,
  valueText,
  percent,
  className,
  fillClassName = 'bg-accent-600',
}: {
  role: 'meter' | 'progressbar';
  label: string;
  value: number;
  /** Unknown while a download has not said its size. */
  max: number | undefined;
  valueText?: string;
  /** How much of the bar is filled, 0 to 100. */
  percent: number;
  /** The track's size. */
  className: string;
  fillClassName?: string;
}) {
  return (
    <div
      role={role}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800', className)}
    >
      <div className={cn('h-full rounded-full', fillClassName)} style={{ width: `${percent}%` }} />
    </div>
  );
}
