'use client';

import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Field, SelectField } from '@/components/ui/field';
import { useTryOperation } from '@/lib/api-credentials/query';
import { tryOperationUrl, type TryableOperation } from '@/lib/api-credentials/try-operation';

/**
 * Try a GET operation of this organization with your own session (same origin): pick it, fill
 * its path and query values, and see the answer, errors included, with its status and request id.
 */
export function TryOperation({ org, operations }: { org: string; operations: TryableOperation[] }) {
  const id = useId();
  const [path, setPath] = useState(operations[0]?.path ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const send = useTryOperation();
  const operation = operations.find((o) => o.path === path);
  if (!operation) return null;
  const url = tryOperationUrl(org, operation, values);
  const inputs = [...operation.pathParams.filter((name) => name !== 'org'), ...operation.queryParams];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(url);
  };
  return (
    <form className="space-y-3" onSubmit={submit} aria-label="Try an operation">
      <SelectField
        id={`${id}-operation`}
        label="Operation"
        value={path}
        onChange={(event) => {
          setPath(event.target.value);
          send.reset();
        }}
      >
        {operations.map((o) => (
          <option key={o.path} value={o.path}>
            GET {o.path.replace('/api/o/{org}', '') || '/'}
          </option>
        ))}
      </SelectField>
      {inputs.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {inputs.map((name) => (
            <Field
              key={`${path} ${name}`}
              id={`${id}-${name}`}
              label={`${name} (${operation.pathParams.includes(name) ? 'path, required' : 'query'})`}
              value={values[name] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            />
          ))}
        </div>
      ) : null}
      <p className="text-xs break-all">
        <code>GET {url}</code>
      </p>
      <SubmitButton pending={send.isPending} pendingLabel="Sending…">
        Send
      </SubmitButton>
      <div aria-live="polite" className="space-y-1">
        {send.data ? (
          <>
            <p className="text-sm">
              HTTP <span className="font-mono">{send.data.status}</span>
              {send.data.requestId ? <span className="font-mono text-xs"> · request id {send.data.requestId}</span> : null}
            </p>
            <pre
              className="max-h-96 overflow-auto rounded-md bg-zinc-100 p-3 text-xs dark:bg-zinc-800"
              tabIndex={0}
              aria-label="The answer"
              data-testid="try-answer"
            >
              <code>{send.data.body}</code>
            </pre>
          </>
        ) : null}
        {send.error ? <p className="text-sm text-red-700 dark:text-red-300">The request could not be sent: {send.error.message}</p> : null}
      </div>
    </form>
  );
}
