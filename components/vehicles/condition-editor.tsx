'use client';

import { useId, useState } from 'react';
import { FilterForm } from '@/components/list/filter-editors';
import { defaultValue, ValueInput } from '@/components/list/filter-panel';
import { inputClassOf } from '@/components/ui/field';
import { fieldOf, needsValue, OPERATOR_LABELS, OPERATORS_BY_KIND, type BuilderRow, type FilterField } from '@/lib/vehicles/filter-builder';
import type { FilterOperator } from '@/lib/contract/vehicle-api';

const smallInput = inputClassOf({ padding: 'py-1.5' });

/** The form of one condition of the filter builder on a known field: its operator and value. */
export function ConditionEditor({
  field,
  initial,
  onApply,
}: {
  field: FilterField;
  initial?: BuilderRow;
  onApply: (row: BuilderRow) => void;
}) {
  const kind = fieldOf(field).kind;
  const [row, setRow] = useState<BuilderRow>(initial ?? { field, operator: OPERATORS_BY_KIND[kind][0], value: defaultValue(field) });
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const label = fieldOf(field).label;
  return (
    <FilterForm
      label={`Filter on ${label}`}
      error={error}
      onSubmit={() => {
        if (needsValue(row.operator) && kind !== 'boolean' && !row.value.trim()) return setError(`${label}: enter a value.`);
        if (kind === 'number' && needsValue(row.operator) && !/^\d+$/.test(row.value.trim()))
          return setError(`${label}: enter a whole number.`);
        onApply(row);
      }}
    >
      <p className="text-sm font-medium">{label}</p>
      <div className="grid grid-cols-2 gap-2">
        <select
          aria-label="Operator"
          className={smallInput}
          value={row.operator}
          onChange={(e) => setRow((r) => ({ ...r, operator: e.target.value as FilterOperator }))}
        >
          {OPERATORS_BY_KIND[kind].map((op) => (
            <option key={op} value={op}>
              {OPERATOR_LABELS[op]}
            </option>
          ))}
        </select>
        <ValueInput row={row} id={`${id}-value`} onChange={(value) => setRow((r) => ({ ...r, value }))} />
      </div>
    </FilterForm>
  );
}
