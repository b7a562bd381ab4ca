'use client';

import Link from 'next/link';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { PlainTable } from '@/components/ui/plain-table';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Field, inputClassOf, SelectField, FormError } from '@/components/ui/field';
import { ErrorState } from '@/components/ui/states';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';
import { ELIGIBILITY_BATCH_SIZE, parseVinList, type VinRow } from '@/lib/eligibility/parse-vins';
import { ApiClientError } from '@/lib/query/api-fetch';
import { ISO_COUNTRY_CODES } from '@/lib/eligibility/country-codes';
import { useCreateEligibilityCheck } from '@/lib/eligibility/query';

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const PROBLEMS_SHOWN = 50;

/** Country names come from the browser's Intl data, which may differ from the server's: named only once hydrated. */
function countryOptions(named: boolean): { code: string; name: string }[] {
  const names = named ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  const options = [...ISO_COUNTRY_CODES].map((code) => ({ code, name: names?.of(code) ?? code }));
  return named ? options.sort((a, b) => a.name.localeCompare(b.name)) : options.sort((a, b) => a.code.localeCompare(b.code));
}

type Sending = { done: number; total: number; failedAt: number | null; error: unknown; created: EligibilityCheckView[] };

/** The server names a bad row by its index in the batch; the person knows it by its line. */
function explainRejection(error: unknown, batch: VinRow[]): string[] {
  if (!(error instanceof ApiClientError) || !error.fields) return [];
  return Object.entries(error.fields).map(([field, messages]) => {
    const index = /^vins\.(\d+)\./.exec(field)?.[1];
    const line = index !== undefined ? batch[Number(index)]?.line : undefined;
    return `${line ? `Line ${line}: ` : ''}${messages[0]}`;
  });
}

/** Paste or upload, see every problem by line before anything is sent, then send in checks of 500. */
export function NewCheck({ org }: { org: string }) {
  const createCheck = useCreateEligibilityCheck(org);
  const ids = useId();
  const [text, setText] = useState('');
  const [label, setLabel] = useState('');
  const [defaultCountry, setDefaultCountry] = useState('');
  const [agreedSplit, setAgreedSplit] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const inBrowser = useInBrowser();
  const countries = useMemo(() => countryOptions(inBrowser), [inBrowser]);

  const deferredText = useDeferredValue(text);
  const parsed = useMemo(
    () => (deferredText.trim() ? parseVinList(deferredText, { defaultCountry: defaultCountry || undefined }) : null),
    [deferredText, defaultCountry],
  );
  const batches = parsed?.batches ?? [];
  const needsSplitConsent = batches.length > 1;
  const busy = sending !== null && sending.failedAt === null && sending.done < sending.total;

  const readFile = async (file: File | undefined) => {
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(`${file.name} is larger than 5 MB; split it into smaller files.`);
      return;
    }
    setText(await file.text());
    setLabel((current) => current || file.name);
    setAgreedSplit(false);
    setSending(null);
  };

  const send = async (from: number, created: EligibilityCheckView[]) => {
    const total = batches.length;
    const base = label.trim() || 'Pasted list';
    setSending({ done: from, total, failedAt: null, error: null, created });
    for (let i = from; i < total; i++) {
      const partLabel = total > 1 ? `${base}, part ${i + 1} of ${total}` : label.trim() || undefined;
      try {
        const { check } = await createCheck.mutateAsync({
          vins: batches[i].map(({ vin, countryCode, make }) => ({ vin, countryCode, make })),
          label: partLabel,
        });
        created = [...created, check];
        setSending({ done: i + 1, total, failedAt: null, error: null, created });
      } catch (error) {
        setSending({ done: i, total, failedAt: i, error, created });
        return;
      }
    }
    toast.success(total > 1 ? `${total} checks sent.` : 'Check sent.');
    setText('');
    setLabel('');
    setAgreedSplit(false);
  };

  const rowsWord = (n: number) => `${n} VIN${n === 1 ? '' : 's'}`;
  const percent = sending ? Math.round((sending.done / Math.max(1, sending.total)) * 100) : 0;

  return (
    <SectionCard
      id="new-check-heading"
      title="New eligibility check"
      description="Find out which vehicles can be connected. One row per vehicle: VIN and country code (ISO, such as DE), optionally the make; a header row is optional."
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="space-y-1">
          <label htmlFor={`${ids}-vins`} className="block text-sm font-medium">
            VINs
          </label>
          <textarea
            id={`${ids}-vins`}
            className={`${inputClassOf({ text: 'font-mono text-xs' })} h-40`}
            placeholder={'vin,countryCode\nWVWZZZ1JZXW000001,DE\n5YJ3E1EA7KF317000,GB'}
            spellCheck={false}
            value={text}
            disabled={busy}
            onChange={(e) => {
              setText(e.target.value);
              setSending(null);
            }}
          />
        </div>
        <div className="space-y-4">
          <div className="space-y-1">
            <label htmlFor={`${ids}-file`} className="block text-sm font-medium">
              Or upload a CSV file
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-900 hover:file:bg-zinc-100 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
              disabled={busy}
              aria-describedby={fileProblem ? `${ids}-file-problem` : undefined}
              onChange={(e) => {
                void readFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <FormError id={`${ids}-file-problem`} announce={false}>
              {fileProblem}
            </FormError>
          </div>
          <SelectField
            id={`${ids}-country`}
            label="Country for rows without one"
            value={defaultCountry}
            onChange={(e) => setDefaultCountry(e.target.value)}
            disabled={busy}
          >
            <option value="">None (each row has one)</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name === c.code ? c.code : `${c.name} (${c.code})`}
              </option>
            ))}
          </SelectField>
          <Field
            id={`${ids}-label`}
            label="Label (optional)"
            maxLength={90}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            disabled={busy}
            placeholder="Depot north, May"
          />
        </div>
      </div>

      {parsed ? (
        <section aria-labelledby={`${ids}-review`} className="space-y-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
          <h3 id={`${ids}-review`} className="text-sm font-semibold">
            Before sending
          </h3>
          <p className="text-sm" role="status">
            <span className="font-medium">{rowsWord(parsed.rows.length)} ready</span>
            {parsed.problems.length ? (
              <>
                {' '}
                ·{' '}
                <span className="font-medium text-red-700 dark:text-red-400">
                  {parsed.problems.length} line{parsed.problems.length === 1 ? '' : 's'} with problems
                </span>
                , left out unless you fix them
              </>
            ) : (
              ' · no problems found'
            )}
            {parsed.headerLine ? ` · header on line ${parsed.headerLine}` : ''}
          </p>
          {parsed.problems.length ? (
            <div
              role="region"
              aria-label="Lines with problems"
              tabIndex={0}
              className="max-h-64 overflow-auto rounded-md border border-red-200 dark:border-red-900"
            >
              <PlainTable
                caption="Lines with problems, by line number"
                columns={[{ label: 'Line', align: 'right' }, 'Content', 'Why']}
                cellClassName="px-3 py-1.5"
                headClassName="sticky top-0 bg-red-50 text-xs text-red-900 uppercase dark:bg-red-950 dark:text-red-100"
                bodyClassName="divide-y divide-red-100 dark:divide-red-950"
              >
                {parsed.problems.slice(0, PROBLEMS_SHOWN).map((p) => (
                  <tr key={p.line} className="align-top">
                    <td className="tabular px-3 py-1.5 text-right">{p.line}</td>
                    <td className="max-w-48 px-3 py-1.5 font-mono text-xs break-all">{p.text}</td>
                    <td className="px-3 py-1.5">{p.reasons.join(' ')}</td>
                  </tr>
                ))}
              </PlainTable>
              {parsed.problems.length > PROBLEMS_SHOWN ? (
                <p className="px-3 py-2 text-sm">And {parsed.problems.length - PROBLEMS_SHOWN} more lines with problems.</p>
              ) : null}
            </div>
          ) : null}
          {needsSplitConsent ? (
            <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              <p>
                A check takes at most {ELIGIBILITY_BATCH_SIZE} VINs. Your {rowsWord(parsed.rows.length)} would be sent as {batches.length}{' '}
                separate checks ({batches.map((b) => b.length).join(' + ')}), each with its own results.
              </p>
              <label className="flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={agreedSplit}
                  onChange={(e) => setAgreedSplit(e.target.checked)}
                  disabled={busy}
                />
                Send as {batches.length} separate checks
              </label>
            </div>
          ) : null}
        </section>
      ) : null}

      {sending ? (
        <div className="space-y-2">
          <div
            role="progressbar"
            aria-label="Sending checks"
            aria-valuemin={0}
            aria-valuemax={sending.total}
            aria-valuenow={sending.done}
            aria-valuetext={`${sending.done} of ${sending.total} checks sent`}
            className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <div className="h-full bg-accent-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="tabular text-sm" aria-live="polite">
            {sending.done} of {sending.total} check{sending.total === 1 ? '' : 's'} sent
          </p>
          {sending.created.length ? (
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {sending.created.map((c) => (
                <li key={c.id}>
                  <Link className="font-medium text-accent-700 underline dark:text-accent-100" href={`/o/${org}/eligibility/${c.id}`}>
                    Follow {c.label ?? `the check of ${rowsWord(c.vinCount)}`}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {sending.failedAt !== null ? (
            <div className="space-y-2">
              <ErrorState
                error={sending.error}
                title={
                  sending.total > 1
                    ? `Part ${sending.failedAt + 1} of ${sending.total} was not sent${sending.failedAt ? `; parts 1 to ${sending.failedAt} were` : ''}`
                    : 'The check was not sent'
                }
              />
              {explainRejection(sending.error, batches[sending.failedAt] ?? []).map((line) => (
                <FormError key={line} announce={false}>
                  {line}
                </FormError>
              ))}
              <Button variant="secondary" onClick={() => void send(sending.failedAt!, sending.created)}>
                {sending.total > 1 ? 'Send the remaining parts' : 'Try again'}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void send(0, [])}
          disabled={
            !parsed ||
            parsed.rows.length === 0 ||
            busy ||
            (needsSplitConsent && !agreedSplit) ||
            (sending !== null && sending.failedAt !== null)
          }
        >
          {busy ? 'Sending…' : parsed && parsed.rows.length ? `Check ${rowsWord(parsed.rows.length)}` : 'Check VINs'}
        </Button>
        {parsed && needsSplitConsent && !agreedSplit ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Agree to sending several checks first.</p>
        ) : null}
      </div>
    </SectionCard>
  );
}
