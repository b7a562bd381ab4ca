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
import { passkeySignInOptions } from '@/lib/profile/query';

const MESSAGES: Record<string, string> = {
  CredentialsSignin: 'Wrong email or password.',
  TooManyAttempts: 'Too many failed attempts. Wait 15 minutes, then try again.',
  AccessDenied: 'This account has not been added to any organization. Ask an admin to add your email address.',
  SecondFactorRequired: 'Enter the code from your authenticator app, or use a passkey.',
  SecondFactorInvalid: 'That code is wrong or was used already. Enter the code the app shows now, or a recovery code.',
  SsoPasswordFirst:
    'This account’s password was set through a link, so single sign-on is not linked to it yet. Sign in with that password, then link single sign-on on your account page. Don’t know the password? Ask an admin.',
  SsoOtherIdentity: 'This account is linked to another single sign-on identity. Sign in with that one, or with your password.',
  PasskeyInvalid: 'That passkey was not accepted. Try again, or enter a code.',
};
const messageFor = (code: string | null | undefined) => (code ? (MESSAGES[code] ?? 'Sign-in failed. Try again.') : null);

/** Only a path on this origin is followed after sign-in (see lib/auth/callback-url.ts). */
const safeCallback = (callbackUrl: string | undefined) => safeCallbackPath(callbackUrl, window.location.origin);

export function SignInForm({ callbackUrl, error, sso }: { callbackUrl?: string; error?: string; sso: boolean }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(messageFor(error));
  // Once the password is right for an account with a second factor, the form asks for its code,
  // keeping the email and password it holds: the next submit sends all three.
  const [askCode, setAskCode] = useState(false);
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });
  const {
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = form;

  /** After the password: the passkey's answer instead of the code, with the email and password the form holds. */
  const signInWithPasskey = handleSubmit(async (values) => {
    setFailure(null);
    let passkey: string;
    try {
      const [{ startAuthentication }, optionsJSON] = await Promise.all([import('@simplewebauthn/browser'), passkeySignInOptions()]);
      passkey = JSON.stringify(await startAuthentication({ optionsJSON }));
    } catch {
      setFailure('The passkey prompt was closed or failed. Try again, or enter a code.');
      return;
    }
    const result = await signIn('credentials', { ...values, code: '', passkey, redirect: false });
    const code = result?.error ?? (result ? null : 'CredentialsSignin');
    if (code) {
      setFailure(messageFor(code === 'SecondFactorInvalid' ? 'PasskeyInvalid' : code));
      return;
    }
    router.replace(safeCallback(callbackUrl));
    router.refresh();
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    if (askCode && !values.code) {
      setError('code', { message: 'Enter the code from your authenticator app, or a recovery code' });
      return;
    }
    const result = await signIn('credentials', { ...values, code: askCode ? (values.code ?? '') : '', redirect: false });
    const code = result?.error ?? (result ? null : 'CredentialsSignin');
    if (code === 'SecondFactorRequired' || code === 'SecondFactorInvalid') {
      setAskCode(true);
      if (code === 'SecondFactorInvalid') setError('code', { message: MESSAGES.SecondFactorInvalid });
      setTimeout(() => setFocus('code'));
      return;
    }
    if (code) {
      setFailure(messageFor(code));
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
      {askCode ? (
        <Field
          id="code"
          label="Authentication code"
          autoComplete="one-time-code"
          spellCheck={false}
          hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
          {...formField(form, 'code')}
        />
      ) : null}
      {askCode ? (
        <Button variant="secondary" className="w-full justify-center" onClick={() => void signInWithPasskey()} disabled={isSubmitting}>
          Use a passkey
        </Button>
      ) : null}
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
