'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, FormSubmit } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@/lib/auth/schemas';
import { askForResetLink } from '@/lib/profile/query';
import { ApiClientError } from '@/lib/query/api-fetch';

const linkClass = 'font-medium text-accent-700 underline dark:text-accent-100';

/** Asks for a reset link by mail. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await askForResetLink(email);
      setSentTo(email);
    } catch (error) {
      setFailure(error instanceof ApiClientError ? error.message : 'Something failed. Try again.');
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="space-y-3">
        <p>
          If <span className="font-medium break-all">{sentTo}</span> has an account here, a reset link is on its way. It works once, for 30
          minutes. Nothing arrived? Check the spam folder, or ask again in a few minutes.
        </p>
        <Link href="/sign-in" className={linkClass}>
          Back to sign-in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Enter the email address of your account. We mail you a link to choose a new password.
      </p>
      <Field id="email" label="Email" type="email" autoComplete="username" {...formField(form, 'email')} />
      <FormSubmit failure={failure} pending={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </FormSubmit>
      <p className="text-sm">
        <Link href="/sign-in" className={linkClass}>
          Back to sign-in
        </Link>
      </p>
    </form>
  );
}
