'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FormSubmit } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { passkeyOptions, registerPasskey, removePasskey } from '@/lib/profile/query';
import type { AddPasskeyInput as AddInput, RemovePasskeyInput } from '@/lib/profile/schemas';
import type { PasskeyView, SecondFactorView } from '@/lib/profile/second-factor';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';
import { CurrentPasswordField } from './current-password-field';
import { showFailure } from './totp-setup';

const addResolver = lazyZodResolver<AddInput, AddInput>(() => import('@/lib/profile/schemas').then((m) => m.addPasskeySchema));
const removeResolver = lazyZodResolver<RemovePasskeyInput, RemovePasskeyInput>(() =>
  import('@/lib/profile/schemas').then((m) => m.removePasskeySchema),
);

/** What the browser's WebAuthn call threw, in words: most often the person closed the prompt. */
function ceremonyFailure(error: unknown): string | null {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey prompt was closed or timed out. Try again.';
  }
  if (error instanceof Error && error.name === 'InvalidStateError') return 'This device holds a passkey of yours already.';
  return null;
}

function AddPasskeyForm({
  email,
  hasPassword,
  onAdded,
  onCancel,
}: {
  email: string;
  hasPassword: boolean;
  onAdded: (s: SecondFactorView) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AddInput>({ resolver: addResolver, defaultValues: { name: '', password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const optionsJSON = await passkeyOptions(hasPassword ? { password: values.password } : {});
      const { startRegistration } = await import('@simplewebauthn/browser');
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (error) {
        setFailure(ceremonyFailure(error) ?? 'This browser could not create a passkey.');
        return;
      }
      onAdded(await registerPasskey({ name: values.name, response }));
      toast.success('Passkey added.');
    } catch (error) {
      showFailure(form, error, ['password', 'name'], setFailure);
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add a passkey">
      <Field
        id="passkey-name"
        label="Passkey name"
        hint="The device or key it lives on, for example “Work laptop”."
        {...formField(form, 'name')}
      />
      {hasPassword ? (
        <CurrentPasswordField email={email} id="passkey-password" label="Your password" {...formField(form, 'password')} />
      ) : null}
      <FormSubmit failure={failure} pending={form.formState.isSubmitting}>
        Add a passkey
      </FormSubmit>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

function RemovePasskeyForm({
  passkey,
  email,
  hasPassword,
  onRemoved,
  onCancel,
}: {
  passkey: PasskeyView;
  email: string;
  hasPassword: boolean;
  onRemoved: (s: SecondFactorView) => void;
  onCancel: () => void;
}) {
  const [withCode, setWithCode] = useState(!hasPassword);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RemovePasskeyInput>({ resolver: removeResolver, defaultValues: { id: passkey.id, code: '', password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onRemoved(await removePasskey(withCode ? { id: passkey.id, code: values.code } : { id: passkey.id, password: values.password }));
      toast.success(`Passkey “${passkey.name}” removed.`);
    } catch (error) {
      showFailure(form, error, ['password', 'code'], setFailure);
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-2 space-y-3">
      {withCode ? (
        <Field
          id={`passkey-remove-code-${passkey.id}`}
          label="Code from your app, or a recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          {...formField(form, 'code')}
        />
      ) : (
        <CurrentPasswordField
          email={email}
          id={`passkey-remove-password-${passkey.id}`}
          label="Your password"
          {...formField(form, 'password')}
        />
      )}
      {hasPassword ? (
        <Button variant="ghost" size="sm" onClick={() => setWithCode((v) => !v)}>
          {withCode ? 'Use your password instead' : 'Use a code instead'}
        </Button>
      ) : null}
      <FormSubmit failure={failure} pending={form.formState.isSubmitting}>
        Remove “{passkey.name}”
      </FormSubmit>
      <Button variant="ghost" onClick={onCancel}>
        Keep it
      </Button>
    </form>
  );
}

/** The account's passkeys (name, added, last used), removing one, and adding another. */
export function Passkeys({
  status,
  email,
  hasPassword,
  onChange,
}: {
  status: SecondFactorView;
  email: string;
  hasPassword: boolean;
  onChange: (s: SecondFactorView) => void;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <h3 className="text-base font-semibold">Passkeys</h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        A passkey on your phone, computer or security key can stand in for the app&apos;s code after your password.
      </p>
      {status.passkeys.length ? (
        <ul aria-label="Your passkeys" className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {status.passkeys.map((passkey) => (
            <li key={passkey.id} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">{passkey.name}</p>
                  <p className="text-zinc-600 dark:text-zinc-400">
                    Added <Time value={passkey.createdAt} dateOnly /> · Last used{' '}
                    {passkey.lastUsedAt ? <Time value={passkey.lastUsedAt} /> : 'never'}
                  </p>
                </div>
                {removing === passkey.id ? null : (
                  <Button variant="secondary" size="sm" onClick={() => setRemoving(passkey.id)} aria-label={`Remove ${passkey.name}…`}>
                    Remove…
                  </Button>
                )}
              </div>
              {removing === passkey.id ? (
                <RemovePasskeyForm
                  passkey={passkey}
                  email={email}
                  hasPassword={hasPassword}
                  onRemoved={(next) => {
                    setRemoving(null);
                    onChange(next);
                  }}
                  onCancel={() => setRemoving(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No passkeys yet.</p>
      )}
      {adding ? (
        <AddPasskeyForm
          email={email}
          hasPassword={hasPassword}
          onAdded={(next) => {
            setAdding(false);
            onChange(next);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a passkey…
        </Button>
      )}
    </div>
  );
}
