'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FormSubmit } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { signInSchema, type SignInInput } from '@/lib/auth/schemas';

const MESSAGES: Record<string, string> = {
  CredentialsSignin: 'Wrong email or password.',
  TooManyAttempts: 'Too many failed attempts. Wait 15 minutes, then try again.',
  AccessDenied: 'This account has not been added to any organization. Ask an admin to add your email address.',
};
const messageFor = (code: string | null | undefined) => (code ? (MESSAGES[code] ?? 'Sign-in failed. Try again.') : null);

/** Only a path on this origin is followed after sign-in (see lib/auth/callback-url.ts). */
const safeCallback = (callbackUrl: string | undefined) => safeCallbackPath(callbackUrl, window.location.origin);

export function SignInForm({ callbackUrl, error, sso }: { callbackUrl?: string; error?: string; sso: boolean }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(messageFor(error));
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await signIn('credentials', { ...values, redirect: false });
    if (!result || result.error) {
      setFailure(messageFor(result?.error ?? 'CredentialsSignin'));
      return;
    }
    router.replace(safeCallback(callbackUrl));
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="email" label="Email" type="email" autoComplete="username" {...formField(form, 'email')} />
      <Field id="password" label="Password" type="password" autoComplete="current-password" {...formField(form, 'password')} />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-accent-700 underline dark:text-accent-100">
          Forgot password?
        </Link>
      </p>
      <FormSubmit failure={failure} pending={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </FormSubmit>
      {sso ? (
        <Button
          variant="secondary"
          className="w-full justify-center"
          onClick={() => void signIn('oidc', { callbackUrl: safeCallback(callbackUrl) })}
        >
          Sign in with single sign-on
        </Button>
      ) : null}
    </form>
  );
}
