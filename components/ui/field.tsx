import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { Button } from './button';
import { cn } from './cn';

const INPUT_FRAME =
  'block rounded-md border border-zinc-300 bg-white px-3 shadow-xs placeholder:text-zinc-500 aria-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-900';

/**
 * The look of a text control. Its width, vertical padding and text are parameters, not classes a
 * caller adds: `cn` does not resolve conflicting utilities, so an added `w-20` beside `w-full`
 * would be decided by stylesheet order.
 */
export function inputClassOf({
  width = 'w-full',
  padding = 'py-2',
  text = 'text-sm',
}: { width?: string; padding?: string; text?: string } = {}): string {
  return `${INPUT_FRAME} ${width} ${padding} ${text}`;
}

export const inputClass = inputClassOf();

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The small label of a filter bar. */
  compact?: boolean;
};

/** What Field and SelectField share: the label above the control, its hint and error below, tied to it by id. */
function FieldFrame({
  id,
  label,
  hint,
  error,
  compact,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className={cn('block font-medium', compact ? 'text-xs' : 'text-sm')}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      <FormError id={`${id}-error`} announce={false}>
        {error}
      </FormError>
    </div>
  );
}

/**
 * What is wrong, in words, under what it is about; nothing when there is nothing to say. Announced,
 * unless a control names it with aria-describedby and says it itself.
 */
export function FormError({ id, announce = true, children }: { id?: string; announce?: boolean; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

/** The ids that describe a control: its hint and its error, where it has them. */
const describedByOf = (id: string, hint: ReactNode, error: string | undefined) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function Field({ id, label, error, hint, compact, className, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} compact={compact} className={className}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        className={inputClass}
        {...input}
      />
    </FieldFrame>
  );
}

/**
 * A write-only secret (a client secret, a signing secret): typed in, stored encrypted, never shown
 * again. `new-password` keeps the browser from filling in the person's own saved password.
 */
export function SecretField(props: Omit<FieldProps, 'type' | 'autoComplete'>) {
  return <Field type="password" autoComplete="new-password" {...props} />;
}

type PlaceholderLabelInputProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  /** Read by screen readers and shown as the placeholder. */
  label: string;
};

/**
 * An input whose label is for screen readers only and shown as its placeholder, where what is
 * around it (a look-up form, a list it adds to) already says what it is for.
 */
export function PlaceholderLabelInput({ id, label, className, ...input }: PlaceholderLabelInputProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} className={cn(inputClass, className)} placeholder={label} {...input} />
    </>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: ReactNode;
  error?: string;
  /** The small label of a filter bar. */
  compact?: boolean;
};

/** A labelled select (its options are the children) whose error is announced and tied to it, as Field does for an input. */
export function SelectField({ id, label, error, compact, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} compact={compact} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, null, error)}
        className={inputClass}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** The end of a one-column form: what failed, if anything, then the full-width submit button. */
export function FormSubmit({ failure, pending, children }: { failure: string | null; pending: boolean; children: ReactNode }) {
  return (
    <>
      {failure ? (
        <p role="alert" className={failureClass}>
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="w-full justify-center" disabled={pending}>
        {children}
      </Button>
    </>
  );
}

export const failureClass = 'rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200';
