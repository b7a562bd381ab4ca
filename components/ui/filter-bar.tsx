import type { ReactNode } from 'react';
import { SelectField } from './field';

/** The row of a list's filters, named for assistive technology. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** A compact filter select whose first option, "All", is the empty value. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <SelectField id={id} label={label} compact value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">All</option>
      {children}
    </SelectField>
  );
}
