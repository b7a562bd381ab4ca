'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FormSubmit } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { CurrentPasswordField } from './current-password-field';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { regenerateRecoveryCodes, removeTotp } from '@/lib/profile/query';
import type { RemoveTotpInput } from '@/lib/profile/schemas';
import type { SecondFactorView } from '@/lib/profile/second-factor';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';
import { Passkeys } from './passkeys';
import { RecoveryCodesOnce, showFailure, TotpSetup } from './totp-setup';

const proofResolver = lazyZodResolver<RemoveTotpInput, RemoveTotpInput>(() =>
  import('@/lib/profile/schemas').then((m) => m.removeTotpSchema),
);

/**
 * A fresh proof for an action on the app (turning it off, renewing the recovery codes): a current
 * code or a recovery code, or (switched to) the password.
 */
function TotpProofForm<T>({
  idPrefix,
  note,
  email,
  hasPassword,
  action,
  submitLabel,
  cancelLabel,
  onDone,
  onClose,
}: {
  idPrefix: string;
  /** What the action does, said before the proof is asked for. */
  note?: string;
  email: string;
  hasPassword: boolean;
  action: (proof: RemoveTotpInput) => Promise<T>;
  submitLabel: string;
  cancelLabel: string;
  onDone: (answer: T) => void;
  /** Closes the form: on cancel, and once the action is done. */
  onClose: () => void;
}) {
  const [withPassword, setWithPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RemoveTotpInput>({ resolver: proofResolver, defaultValues: { code: '', password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await action(withPassword ? { password: values.password } : { code: values.code });
      onClose();
      onDone(answer);
    } catch (error) {
      showFailure(form, error, ['code', 'password'], setFailure);
    }
  });
  const toggle = () => {
    form.reset({ code: '', password: '' });
    setWithPassword((value) => !value);
  };
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {note ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{note}</p> : null}
      {withPassword ? (
        <CurrentPasswordField email={email} id={`${idPrefix}-password`} label="Your password" {...formField(form, 'password')} />
      ) : (
        <Field
          id={`${idPrefix}-code`}
          label="Code from your app, or a recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          {...formField(form, 'code')}
        />
      )}
      {hasPassword ? (
        <Button variant="ghost" size="sm" onClick={toggle}>
          {withPassword ? 'Use a code instead' : 'Use your password instead'}
        </Button>
      ) : null}
      <FormSubmit failure={failure} pending={form.formState.isSubmitting}>
        {submitLabel}
      </FormSubmit>
      <Button variant="ghost" onClick={onClose}>
        {cancelLabel}
      </Button>
    </form>
  );
}

/**
 * The account page's two-step verification: off (set up an authenticator app), or on (since
 * when, recovery codes left, new recovery codes, turning it off). `requiredBy`: an organization that sent the
 * person here because it requires a second factor.
 */
export function TwoStepVerification({
  initial,
  email,
  hasPassword,
  requiredBy,
}: {
  initial: SecondFactorView;
  email: string;
  hasPassword: boolean;
  requiredBy?: string;
}) {
  const [status, setStatus] = useState(initial);
  /** Which proof form is open: turning the app off, or renewing the recovery codes. */
  const [proving, setProving] = useState<'remove' | 'renew' | null>(null);
  /** Shown once, right after the set-up or a renewal, until the person says they saved them. */
  const [codes, setCodes] = useState<string[] | null>(null);
  const proof = { email, hasPassword, onClose: () => setProving(null) };
  const totp = status.totp;
  const enrolled = Boolean(totp) || status.passkeys.length > 0;
  return (
    <div className="space-y-4">
      {requiredBy && !enrolled ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          The organization <strong>{requiredBy}</strong> requires two-step verification of its admins and managers. Set it up here to
          continue in the console.
        </p>
      ) : null}
      {totp ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">Authenticator app</dt>
            <dd>
              <StatusBadge tone="success">on</StatusBadge>
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Set up</dt>
            <dd>
              <Time value={totp.enrolledAt} dateOnly />
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Recovery codes left</dt>
            <dd className="tabular" data-testid="recovery-codes-left">
              {totp.recoveryCodesLeft}
            </dd>
          </dl>
          {requiredBy && !codes ? <ContinueTo org={requiredBy} /> : null}
          {codes ? (
            <RecoveryCodesOnce codes={codes} onDone={() => setCodes(null)} />
          ) : proving === 'remove' ? (
            <TotpProofForm
              {...proof}
              idPrefix="totp-remove"
              action={removeTotp}
              submitLabel="Turn off two-step verification"
              cancelLabel="Keep it on"
              onDone={(next) => {
                setStatus(next);
                toast.success('Two-step verification is off.');
              }}
            />
          ) : proving === 'renew' ? (
            <TotpProofForm
              {...proof}
              idPrefix="recovery-renew"
              note="Ten new recovery codes replace your current ones, which stop working at once. Confirm it's you first."
              action={regenerateRecoveryCodes}
              submitLabel="Make new recovery codes"
              cancelLabel="Keep the current codes"
              onDone={(answer) => {
                setStatus(answer.status);
                setCodes(answer.recoveryCodes);
                toast.success('New recovery codes made; the earlier ones no longer work.');
              }}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setProving('renew')}>
                New recovery codes…
              </Button>
              <Button variant="secondary" onClick={() => setProving('remove')}>
                Turn off…
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            <StatusBadge tone="neutral">off</StatusBadge> No authenticator app.{' '}
            {enrolled
              ? 'Sign-in asks for one of your passkeys after your password.'
              : 'Sign-in asks for your password only. With an authenticator app or a passkey, it also asks for the code the app shows or the passkey.'}
          </p>
          <TotpSetup
            email={email}
            hasPassword={hasPassword}
            onEnrolled={(recoveryCodes, next) => {
              setCodes(recoveryCodes);
              setStatus(next);
            }}
          />
        </>
      )}
      {requiredBy && !totp && enrolled ? <ContinueTo org={requiredBy} /> : null}
      <Passkeys status={status} email={email} hasPassword={hasPassword} onChange={setStatus} />
    </div>
  );
}

/** Back to the organization that sent the person here to set up a second factor. */
function ContinueTo({ org }: { org: string }) {
  return (
    <p>
      <Link href={`/o/${encodeURIComponent(org)}`} className="text-sm font-medium text-accent-700 underline dark:text-accent-100">
        Continue to {org}
      </Link>
    </p>
  );
}
