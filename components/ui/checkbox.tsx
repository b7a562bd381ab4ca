import type { ReactNode } from 'react';
import { cn } from './cn';

/** A checkbox with its label beside it; the whole label toggles it. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The label's layout; it is a flex row of the box and the text. */
  className?: string;
}) {
  return (
    <label className={cn('inline-flex items-center gap-2 text-sm', className)}>
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
}
