'use client';

import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { inputClassOf, FormError } from '@/components/ui/field';
import {
  FILTER_FIELDS,
  OPERATORS_BY_KIND,
  OPERATOR_LABELS,
  buildFilter,
  fieldOf,
  needsValue,
  rowsOfFilter,
  type BuilderRow,
  type FilterField,
} from '@/lib/vehicles/filter-builder';
import { CONNECTION_STATUSES, type FilterOperator } from '@/lib/contract/vehicle-api';

type Mode = 'builder' | 'raw';

function initialState(filterText: string, withBuilder: boolean): { mode: Mode; rows: BuilderRow[]; raw: string } {
  if (!withBuilder) return { mode: 'raw', rows: [], raw: pretty(filterText) };
  const rows = rowsOfFilter(parseOrInvalid(filterText));
  if (rows) return { mode: 'builder', rows, raw: pretty(filterText) };
  return { mode: 'raw', rows: [], raw: pretty(filterText) };
}

const INVALID = Symbol('invalid JSON');

/** Parsed JSON, undefined for no filter, or a value the builder refuses (so raw mode keeps the text). */
function parseOrInvalid(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : undefined;
  } catch {
    return INVALID;
  }
}

/** The zod check of a raw filter, loaded when first needed so zod stays out of the list page's first load. */
async function checkFilter(text: string) {
  const { checkFilterText } = await import('@/lib/vehicles/schemas');
  return checkFilterText(text);
}

function pretty(text: string): string {
  try {
    return text ? JSON.stringify(JSON.parse(text), null, 2) : '';
  } catch {
    return text;
  }
}

const smallInput = inputClassOf({ padding: 'py-1.5' });

export function ValueInput({ row, id, onChange }: { row: BuilderRow; id: string; onChange: (value: string) => void }) {
  const kind = fieldOf(row.field).kind;
  if (!needsValue(row.operator)) return null;
  if (kind === 'boolean') {
    return (
      <select id={id} aria-label="Value" className={smallInput} value={row.value || 'true'} onChange={(e) => onChange(e.target.value)}>
        <option value="true">yes</option>
        <option value="false">no</option>
      </select>
    );
  }
  if (kind === 'status') {
    return (
      <select
        id={id}
        aria-label="Value"
        className={smallInput}
        value={row.value || CONNECTION_STATUSES[0]}
        onChange={(e) => onChange(e.target.value)}
      >
        {CONNECTION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      id={id}
      aria-label="Value"
      className={smallInput}
      value={row.value}
      inputMode={kind === 'number' ? 'numeric' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function defaultValue(field: FilterField): string {
  const kind = fieldOf(field).kind;
  return kind === 'boolean' ? 'true' : kind === 'status' ? CONNECTION_STATUSES[0] : '';
}

/**
 * The list filter: rows over known fields (all must hold) or the raw JSON of the contract's
 * grammar, checked with the same zod schema as the server before anything is sent.
 */
export function FilterPanel({
  filterText,
  withBuilder,
  onApply,
}: {
  filterText: string;
  withBuilder: boolean;
  onApply: (filterText: string) => void;
}) {
  const [state, setState] = useState(() => initialState(filterText, withBuilder));
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const setRow = (index: number, change: Partial<BuilderRow>) =>
    setState((s) => ({ ...s, rows: s.rows.map((row, i) => (i === index ? { ...row, ...change } : row)) }));

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (state.mode === 'builder') {
      const filter = buildFilter(state.rows);
      setError(null);
      onApply(filter === undefined ? '' : JSON.stringify(filter));
      return;
    }
    const check = await checkFilter(state.raw);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    onApply(check.filter === undefined ? '' : JSON.stringify(check.filter));
  };

  const switchMode = (mode: Mode) => {
    setError(null);
    if (mode === 'raw') {
      const filter = buildFilter(state.rows);
      setState((s) => ({ ...s, mode, raw: filter === undefined ? s.raw : JSON.stringify(filter, null, 2) }));
      return;
    }
    const rows = rowsOfFilter(parseOrInvalid(state.raw));
    if (!rows) {
      setError('This filter uses more than the builder can show (and/or/not, other fields or operators). Edit it as JSON, or clear it.');
      return;
    }
    setState((s) => ({ ...s, mode, rows }));
  };

  return (
    <form onSubmit={apply} aria-label="Filter" className="space-y-3">
      {withBuilder ? (
        <div
          role="group"
          aria-label="Filter mode"
          className="inline-flex rounded-md border border-zinc-300 p-0.5 text-sm dark:border-zinc-700"
        >
          {(['builder', 'raw'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={state.mode === mode}
              onClick={() => switchMode(mode)}
              className={cn(
                'rounded px-3 py-1',
                state.mode === mode ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-zinc-700 dark:text-zinc-300',
              )}
            >
              {mode === 'builder' ? 'Builder' : 'JSON'}
            </button>
          ))}
        </div>
      ) : null}

      {state.mode === 'builder' ? (
        <div className="space-y-2">
          {state.rows.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No conditions: every vehicle is listed.</p>
          ) : null}
          <ul className="space-y-2">
            {state.rows.map((row, index) => {
              const kind = fieldOf(row.field).kind;
              return (
                <li
                  key={index}
                  aria-label={`Condition ${index + 1}`}
                  className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[10rem_12rem_1fr_auto]"
                >
                  <select
                    aria-label="Field"
                    className={smallInput}
                    value={row.field}
                    onChange={(e) => {
                      const field = e.target.value as FilterField;
                      setRow(index, { field, operator: OPERATORS_BY_KIND[fieldOf(field).kind][0], value: defaultValue(field) });
                    }}
                  >
                    {FILTER_FIELDS.map((f) => (
                      <option key={f.field} value={f.field}>
                        {f.label}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove condition ${index + 1}`}
                    onClick={() => setState((s) => ({ ...s, rows: s.rows.filter((_, i) => i !== index) }))}
                    className="sm:order-last"
                  >
                    <X aria-hidden className="h-4 w-4" />
                  </Button>
                  <select
                    aria-label="Operator"
                    className={smallInput}
                    value={row.operator}
                    onChange={(e) => setRow(index, { operator: e.target.value as FilterOperator })}
                  >
                    {OPERATORS_BY_KIND[kind].map((op) => (
                      <option key={op} value={op}>
                        {OPERATOR_LABELS[op]}
                      </option>
                    ))}
                  </select>
                  <div className="col-span-2 sm:col-span-1">
                    <ValueInput row={row} id={`${id}-value-${index}`} onChange={(value) => setRow(index, { value })} />
                  </div>
                </li>
              );
            })}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setState((s) => ({ ...s, rows: [...s.rows, { field: 'make', operator: '==', value: '' }] }))}
          >
            <Plus aria-hidden className="h-4 w-4" /> Add condition
          </Button>
        </div>
      ) : (
        <div className="space-y-1">
          <label htmlFor={`${id}-raw`} className="block text-sm font-medium">
            Filter (JSON)
          </label>
          <textarea
            id={`${id}-raw`}
            rows={5}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            className={inputClassOf({ text: 'font-mono text-xs' })}
            value={state.raw}
            onChange={(e) => setState((s) => ({ ...s, raw: e.target.value }))}
            placeholder='{"field": "make", "operator": "==", "value": "Tesla"}'
          />
          <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
            A condition {'{field, operator, value}'}, an array of them (all must hold), or {'{"and": [...]}'}, {'{"or": [...]}'},{' '}
            {'{"not": [one]}'}.
          </p>
        </div>
      )}
      <FormError id={`${id}-error`}>{error}</FormError>
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Apply filter
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setError(null);
            setState((s) => ({ ...s, rows: [], raw: '' }));
            onApply('');
          }}
        >
          Clear filter
        </Button>
      </div>
    </form>
  );
}
