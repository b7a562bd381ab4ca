'use client';

import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { PlaceholderLabelInput, FormError } from '@/components/ui/field';
import { ApiClientError } from '@/lib/query/api-fetch';
import { cn } from './cn';

/** What a look-up makes of the typed text: the value to look up, or what is wrong with it. */
export type LookupCheck = { value: string } | { error: string };

type LookupFormProps = {
  id: string;
  /** The input's label, read by screen readers and shown as its placeholder. */
  label: string;
  /** The form's accessible name. */
  name: string;
  /** A search landmark (the one that opens a vehicle) rather than a plain form. */
  search?: boolean;
  initial?: string;
  /** Called with the trimmed text; may load its schema first. */
  check: (text: string) => LookupCheck | Promise<LookupCheck>;
  /** The look-up itself; an ApiClientError it throws is shown under the input, as a bad value is. */
  onLookUp: (value: string) => void | Promise<void>;
  /** The button's text. */
  action?: string;
  inputClassName?: string;
  className?: string;
};

/** A form of one input (an id, a VIN) and a "Look up" button, with its error under it. */
export function LookupForm({
  id,
  label,
  name,
  search,
  initial = '',
  check,
  onLookUp,
  action = 'Look up',
  inputClassName,
  className,
}: LookupFormProps) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await check(draft.trim());
    if ('error' in checked) return setError(checked.error);
    setError(null);
    setBusy(true);
    try {
      await onLookUp(checked.value);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : 'The look-up failed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      role={search ? 'search' : undefined}
      aria-label={name}
      noValidate
      className={cn('min-w-0 space-y-1', className)}
    >
      <div className="flex min-w-0 gap-2">
        <PlaceholderLabelInput
          id={id}
          label={label}
          className={cn('min-w-0', inputClassName)}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="secondary" disabled={busy} className="shrink-0">
          <Search aria-hidden className="h-4 w-4" /> {action}
        </Button>
      </div>
      <FormError id={`${id}-error`}>{error}</FormError>
    </form>
  );
}
