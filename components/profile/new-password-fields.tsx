import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';

type Registered = UseFormRegisterReturn & { error?: string };

/** A new password and its repetition, with the hints password managers read. */
export function NewPasswordFields({
  password: { error: passwordError, ...password },
  confirm: { error: confirmError, ...confirm },
  passwordLabel = 'New password',
  confirmLabel,
}: {
  password: Registered;
  confirm: Registered;
  passwordLabel?: string;
  confirmLabel: string;
}) {
  return (
    <>
      <Field
        id="new-password"
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters, not your email address."
        error={passwordError}
        {...password}
      />
      <Field id="confirm-password" label={confirmLabel} type="password" autoComplete="new-password" error={confirmError} {...confirm} />
    </>
  );
}
