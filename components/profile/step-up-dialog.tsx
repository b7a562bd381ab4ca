'use client';

import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { Button, SubmitButton } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { answerPasskeyChallenge, stepUp } from '@/lib/profile/query';
import type { StepUpInput } from '@/lib/profile/schemas';
import { ApiClientError } from '@/lib/query/api-fetch';
import type { StepUpRequest } from '@/lib/query/step-up-slot';

type Failure = { field: 'code' | 'password' | null; message: string };

function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiClientError)) return { field: null, message: 'The confirmation could not be checked. Try again.' };
  const code = error.fields?.code?.[0];
  const password = error.fields?.password?.[0];
  if (code) return { field: 'code', message: code };
  if (password) return { field: 'password', message: password };
  return { field: null, message: error.fields?.passkey?.[0] ?? error.message };
}

/** The step-up prompt's dialog (components/profile/step-up-prompt.tsx opens it). */
export function StepUpDialog({ request, onDone }: { request: StepUpRequest | null; onDone: (proven: boolean) => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const open = request !== null;

  return (
    <ModalDialog open={open} onCancel={() => onDone(false)} labelledBy={titleId} describedBy={descriptionId}>
      {/* A new form for each request: nothing typed for the last one stays. */}
      {request ? <StepUpForm request={request} onDone={onDone} titleId={titleId} descriptionId={descriptionId} /> : null}
    </ModalDialog>
  );
}

function StepUpForm({
  request,
  onDone,
  titleId,
  descriptionId,
}: {
  request: StepUpRequest;
  onDone: (proven: boolean) => void;
  titleId: string;
  descriptionId: string;
}) {
  const [secret, setSecret] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const { methods } = request;

  const prove = async (input: StepUpInput) => {
    setBusy(true);
    setFailure(null);
    try {
      await stepUp(request.organization, input);
      onDone(true);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const provePasskey = async () => {
    setFailure(null);
    const passkey = await answerPasskeyChallenge().catch(() => null);
    if (!passkey) {
      setFailure({ field: null, message: 'The passkey prompt was closed or failed. Try again.' });
      return;
    }
    await prove({ passkey });
  };

  const asksText = methods.code || methods.password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!secret.trim()) {
      setFailure({ field: methods.code ? 'code' : 'password', message: methods.code ? 'Enter a code' : 'Enter your password' });
      return;
    }
    void prove(methods.code ? { code: secret } : { password: secret });
  };

  return (
    <form method="post" className="space-y-4 p-5" onSubmit={submit} noValidate>
      <h2 id={titleId} className="text-lg font-semibold">
        Confirm it’s you
      </h2>
      <div id={descriptionId} className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <p>{request.message}</p>
        <p>Once confirmed, such actions go through for five minutes in this organization, on this device.</p>
      </div>
      {methods.code ? (
        <Field
          id="step-up-code"
          label="Authentication code"
          autoComplete="one-time-code"
          spellCheck={false}
          autoFocus
          hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={failure?.field === 'code' ? failure.message : undefined}
        />
      ) : methods.password ? (
        <Field
          id="step-up-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={failure?.field === 'password' ? failure.message : undefined}
        />
      ) : null}
      {methods.passkey ? (
        <Button variant="secondary" className="w-full justify-center" onClick={() => void provePasskey()} disabled={busy}>
          Use a passkey
        </Button>
      ) : null}
      {!methods.code && !methods.passkey && !methods.password ? (
        <p className="text-sm">
          Your account has no password or second factor to confirm with.{' '}
          <Link href="/profile/password#two-step" className="font-medium text-accent-700 underline dark:text-accent-100">
            Set up two-step verification
          </Link>{' '}
          to do this.
        </p>
      ) : null}
      {failure && failure.field === null ? <FormError>{failure.message}</FormError> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </Button>
        {asksText ? (
          <SubmitButton pending={busy} pendingLabel="Checking…">
            Confirm
          </SubmitButton>
        ) : null}
      </div>
    </form>
  );
}
