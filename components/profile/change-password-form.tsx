'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormSubmit } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { CurrentPasswordField } from './current-password-field';
import { ApiClientError } from '@/lib/query/api-fetch';
import { changePassword } from '@/lib/profile/query';
import { endThisSession } from '@/lib/profile/sign-out';
import type { ChangePasswordInput } from '@/lib/auth/schemas';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';
import { NewPasswordFields } from './new-password-fields';

type Values = ChangePasswordInput & { confirm: string };

const resolverFor = (email: string) =>
  lazyZodResolver<Values, Values>(() => import('@/lib/auth/schemas').then((m) => m.changePasswordFormSchema(email)));

/** Current password, then the new one twice. Success ends every session, this one too. */
export function ChangePasswordForm({ email }: { email: string }) {
  const [resolver] = useState(() => resolverFor(email));
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<Values>({ resolver, defaultValues: { currentPassword: '', newPassword: '', confirm: '' } });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await changePassword({ currentPassword, newPassword });
      await endThisSession().catch(() => undefined);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiClientError && error.fields?.currentPassword)
        setError('currentPassword', { message: error.fields.currentPassword[0] });
      else if (error instanceof ApiClientError && error.fields?.newPassword)
        setError('newPassword', { message: error.fields.newPassword[0] });
      else setFailure(error instanceof ApiClientError ? error.message : 'Something failed. Try again.');
    }
  });

  if (done) {
    return (
      <div role="status" className="space-y-3">
        <p>Your password is changed. Every session of yours has ended, this one too: sign in with the new password.</p>
        <Link href="/sign-in" className="font-medium text-accent-700 underline dark:text-accent-100">
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <CurrentPasswordField email={email} id="current-password" label="Current password" {...formField(form, 'currentPassword')} />
      <NewPasswordFields
        password={formField(form, 'newPassword')}
        confirm={formField(form, 'confirm')}
        confirmLabel="Repeat the new password"
      />
      <FormSubmit failure={failure} pending={isSubmitting}>
        Change password
      </FormSubmit>
    </form>
  );
}
