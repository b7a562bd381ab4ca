'use client';

import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { QrCode } from '@/components/connect/qr-code';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Field, FormSubmit } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { CurrentPasswordField } from './current-password-field';
import { confirmTotp, startTotp } from '@/lib/profile/query';
import type { ConfirmTotpInput, StartTotpInput } from '@/lib/profile/schemas';
import type { SecondFactorView, TotpEnrolmentView } from '@/lib/profile/second-factor';
import { ApiClientError } from '@/lib/query/api-fetch';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';

const startResolver = lazyZodResolver<StartTotpInput, StartTotpInput>(() => import('@/lib/profile/schemas').then((m) => m.startTotpSchema));
const confirmResolver = lazyZodResolver<ConfirmTotpInput, ConfirmTotpInput>(() =>
  import('@/lib/profile/schemas').then((m) => m.confirmTotpSchema),
);

/** A field error the server named goes under its field; anything else is the form's failure. */
export function showFailure<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
  setFailure: (message: string) => void,
) {
  for (const field of fields) {
    const message = error instanceof ApiClientError ? error.fields?.[field]?.[0] : undefined;
    if (message) return form.setError(field, { message });
  }
  setFailure(error instanceof ApiClientError ? error.message : 'Something failed. Try again.');
}

/** Step 1: the password (where the account has one) before a secret is made. */
function StartForm({ hasPassword, email, onStarted }: { hasPassword: boolean; email: string; onStarted: (e: TotpEnrolmentView) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StartTotpInput>({ resolver: startResolver, defaultValues: { password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onStarted(await startTotp(hasPassword ? values : {}));
    } catch (error) {
      showFailure(form, error, ['password'], setFailure);
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {hasPassword ? (
        <CurrentPasswordField
          email={email}
          id="totp-password"
          label="Your password"
          hint="Asked before anything about sign-in changes."
          {...formField(form, 'password')}
        />
      ) : null}
      <FormSubmit failure={failure} pending={form.formState.isSubmitting}>
        Set up an authenticator app
      </FormSubmit>
    </form>
  );
}

/** Step 2: the QR code and the secret, then the app's first code. */
function ConfirmForm({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TotpEnrolmentView;
  onConfirmed: (codes: string[], status: SecondFactorView) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ConfirmTotpInput>({ resolver: confirmResolver, defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const confirmed = await confirmTotp(values);
      onConfirmed(confirmed.recoveryCodes, confirmed.status);
    } catch (error) {
      showFailure(form, error, ['code'], setFailure);
    }
  });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Scan this code with your authenticator app (or type the key below into it).</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <QrCode value={enrolment.uri} label="QR code of the authenticator set-up" className="h-48 w-48 rounded-md" />
      <div className="space-y-1">
        <p className="text-sm font-medium">Set-up key</p>
        <div className="flex items-center gap-2">
          <code
            className="min-w-0 flex-1 rounded bg-zinc-100 px-2 py-1 font-mono text-xs break-all dark:bg-zinc-800"
            data-testid="totp-secret"
          >
            {enrolment.secret}
          </code>
          <CopyButton value={enrolment.secret} label="Copy the set-up key" />
        </div>
      </div>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          id="totp-confirm-code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          {...formField(form, 'code')}
        />
        <FormSubmit failure={failure} pending={form.formState.isSubmitting}>
          Turn on two-step verification
        </FormSubmit>
      </form>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** After the set-up: the recovery codes, on screen this once. */
export function RecoveryCodesOnce({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div role="status" className="space-y-3">
      <p className="text-sm font-medium">Save these recovery codes now: they are not shown again.</p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Each one signs you in once without the app, if you lose your phone. Keep them somewhere safe, away from your password.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 rounded-md bg-zinc-100 p-3 font-mono text-sm dark:bg-zinc-800">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 text-sm">
          <CopyButton value={codes.join('\n')} label="Copy the recovery codes" /> Copy all
        </span>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Setting up an authenticator app: password, then QR code and first code; the recovery codes go to `onEnrolled`. */
export function TotpSetup({
  email,
  hasPassword,
  onEnrolled,
}: {
  email: string;
  hasPassword: boolean;
  onEnrolled: (codes: string[], status: SecondFactorView) => void;
}) {
  const [enrolment, setEnrolment] = useState<TotpEnrolmentView | null>(null);
  if (enrolment) return <ConfirmForm enrolment={enrolment} onConfirmed={onEnrolled} onCancel={() => setEnrolment(null)} />;
  return <StartForm hasPassword={hasPassword} email={email} onStarted={setEnrolment} />;
}
