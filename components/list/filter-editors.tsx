'use client';

import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, SelectField, FormError } from '@/components/ui/field';

/**
 * The frame of every filter's form in the bar: its fields, what is wrong, and Apply (Enter applies
 * too). A form of one field goes unnamed: its field's label says it, and a form named the same
 * would be found in its place by that label.
 */
export function FilterForm({
  label,
  onSubmit,
  error,
  children,
}: {
  label?: string;
  onSubmit: () => void;
  error?: string | null;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label={label} className="space-y-3" noValidate>
      {children}
      <FormError>{error}</FormError>
      <Button type="submit" size="sm">
        Apply
      </Button>
    </form>
  );
}

/**
 * A filter of one typed value (text, number, date and time). `check` returns what is wrong with
 * the text, if anything; an empty value removes the filter.
 */
export function ValueFilterEditor({
  id,
  label,
  initial,
  onApply,
  check,
  input,
}: {
  id: string;
  label: string;
  initial: string;
  onApply: (value: string) => void;
  check?: (value: string) => string | null;
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <FilterForm
      error={error}
      onSubmit={() => {
        const text = value.trim();
        const problem = text && check ? check(text) : null;
        if (problem) return setError(problem);
        onApply(text);
      }}
    >
      <Field id={id} label={label} compact autoFocus value={value} onChange={(e) => setValue(e.target.value)} {...input} />
    </FilterForm>
  );
}

/** A filter that picks one of a set of values. */
export function ChoiceFilterEditor({
  id,
  label,
  initial,
  options,
  onApply,
}: {
  id: string;
  label: string;
  initial: string | null;
  options: readonly { value: string; label: string }[];
  onApply: (value: string) => void;
}) {
  const [value, setValue] = useState(initial ?? options[0]?.value ?? '');
  return (
    <FilterForm onSubmit={() => onApply(value)}>
      <SelectField id={id} label={label} compact autoFocus value={value} onChange={(e) => setValue(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
    </FilterForm>
  );
}
