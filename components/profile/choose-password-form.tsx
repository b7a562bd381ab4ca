'use client';

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormSubmit } from '@/components/ui/field';
import { NewPasswordFields } from './new-password-fields';
import { ApiClientError } from '@/lib/query/api-fetch';
import type { ChoosePasswordInput } from '@/lib/auth/schemas';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';

/**
 * Choosing a password (invitation, reset): twice, at least 12 characters, not the email. The
 * server checks the same rules again. `onChoose` throws an ApiClientError to show its message.
 */
export function ChoosePasswordForm({
  email,
  submitLabel,
  onChoose,
}: {
  email: string;
  submitLabel: string;
  onChoose: (password: string) => Promise<void>;
}) {
  const resolver = useMemo(() => lazyZodResolver(() => import('@/lib/auth/schemas').then((m) => m.choosePasswordSchema(email))), [email]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChoosePasswordInput>({ resolver, defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await onChoose(password);
    } catch (error) {
      setFailure(error instanceof ApiClientError ? (error.fields?.password?.[0] ?? error.message) : 'Something failed. Try again.');
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields
        password={{ ...register('password'), error: errors.password?.message }}
        confirm={{ ...register('confirm'), error: errors.confirm?.message }}
        confirmLabel="Repeat the password"
      />
      <FormSubmit failure={failure} pending={isSubmitting}>
        {submitLabel}
      </FormSubmit>
    </form>
  );
}
