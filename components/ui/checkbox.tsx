import type { ReactNode } from 'react';
import { cn } from './cn';

/** A checkbox with its label beside it; the whole label toggles it. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled,
  block = false,
  hint,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** On a line of its own rather than inline; a prop, not a `flex` class, as `cn` does not resolve conflicting utilities. */
  block?: boolean;
  /** A line under the label saying what the choice does; the checkbox is then on a line of its own. */
  hint?: ReactNode;
  /** Spacing around the label (not its display, gap or text size, which are set here). */
  className?: string;
}) {
  const box = (
    <label className={cn(block || hint ? 'flex' : 'inline-flex', 'items-center gap-2 text-sm', className)}>
      <input
        type="checkbox"
        className="h-4 w-4 accent-accent-600"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      {label}
    </label>
  );
  if (!hint) return box;
  return (
    <div className="space-y-1">
      {box}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>
    </div>
  );
}
