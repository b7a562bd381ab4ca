import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

const OUTLINED = 'border border-zinc-300 bg-white hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';

/**
 * Each variant and size sets its colours and box alone: `cn` does not resolve conflicting
 * utilities, so a look the variants lack is a new variant, not a class that overrides one.
 */
const VARIANTS = {
  primary: 'bg-accent-600 text-white hover:bg-accent-700 disabled:bg-accent-600/60',
  secondary: `${OUTLINED} text-zinc-900 dark:text-zinc-100`,
  /** Outlined with muted text: a control that stays in the background (the search opener). */
  quiet: `${OUTLINED} text-zinc-600 dark:text-zinc-300`,
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
  ghost: 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
} as const;

const SIZES = {
  xs: 'h-7 px-2 text-xs',
  sm: 'h-8 px-3 text-sm',
  md: 'h-9 px-4 text-sm',
  icon: 'h-8 w-8 justify-center',
  'icon-xs': 'h-6 w-6 justify-center',
} as const;

type ButtonLook = {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A button's classes, for a link that looks like one (`<a className={buttonClass(...)}>`). */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonLook = {}): string {
  return cn(
    'inline-flex items-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClass({ variant, size, className })} {...props} />;
}

/** A form's submit button: while the form is sent it says what is happening and cannot be pressed again. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'disabled'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
