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
import { signInSchema, type SignInInput, type SsoSecondFactorInput } from '@/lib/auth/schemas';
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
  SsoSecondFactorExpired: 'This sign-in took too long or was started in another browser. Sign in with single sign-on again.',
};
const messageFor = (code: string | null | undefined) => (code ? (MESSAGES[code] ?? 'Sign-in failed. Try again.') : null);

/** Only a path on this origin is followed after sign-in (see lib/auth/callback-url.ts). */
const safeCallback = (callbackUrl: string | undefined) => safeCallbackPath(callbackUrl, window.location.origin);

/** A passkey's answer for the second step, as JSON (next-auth carries strings); null if the prompt was closed or failed. */
async function passkeyAnswer(): Promise<string | null> {
  try {
    const [{ startAuthentication }, optionsJSON] = await Promise.all([import('@simplewebauthn/browser'), passkeySignInOptions()]);
    return JSON.stringify(await startAuthentication({ optionsJSON }));
  } catch {
    return null;
  }
}

export function SignInForm({
  callbackUrl,
  error,
  sso,
  ssoSecondFactor = false,
}: {
  callbackUrl?: string;
  error?: string;
  sso: boolean;
  /** Single sign-on came back for an account with a second factor: only its code (or a passkey) is asked. */
  ssoSecondFactor?: boolean;
}) {
  if (ssoSecondFactor) return <SsoSecondFactorForm callbackUrl={callbackUrl} />;
  return <PasswordSignInForm callbackUrl={callbackUrl} error={error} sso={sso} />;
}

/**
 * The second step of a single sign-on interrupted for the second factor: the server holds who it
 * is (a sealed cookie), so the form sends only the code, or a passkey's answer.
 */
function SsoSecondFactorForm({ callbackUrl }: { callbackUrl?: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const form = useForm<SsoSecondFactorInput>({ defaultValues: { sso: '1', code: '' } });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const finish = async (fields: { code: string; passkey?: string }) => {
    setFailure(null);
    // An explicit callbackUrl: next-auth's default is this page, whose `error` parameter it would read back as this answer's.
    const result = await signIn('credentials', { sso: '1', ...fields, redirect: false, callbackUrl: safeCallback(callbackUrl) });
    const code = result?.error ?? (result ? null : 'SsoSecondFactorExpired');
    if (code === 'SecondFactorInvalid' && !fields.passkey) {
      setError('code', { message: MESSAGES.SecondFactorInvalid });
      return;
    }
    if (code) {
      setExpired(code === 'SsoSecondFactorExpired');
      setFailure(messageFor(code === 'SecondFactorInvalid' ? 'PasskeyInvalid' : code));
      return;
    }
    router.replace(safeCallback(callbackUrl));
    router.refresh();
  };
  const onSubmit = handleSubmit(async ({ code }) => {
    if (!code?.trim()) {
      setError('code', { message: 'Enter the code from your authenticator app, or a recovery code' });
      return;
    }
    await finish({ code });
  });
  const signInWithPasskey = async () => {
    const passkey = await passkeyAnswer();
    if (!passkey) {
      setFailure('The passkey prompt was closed or failed. Try again, or enter a code.');
      return;
    }
    await finish({ code: '', passkey });
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm">Single sign-on confirmed who you are. Your account also has two-step verification.</p>
      <SecondFactorFields codeField={formField(form, 'code')} onPasskey={() => void signInWithPasskey()} pending={isSubmitting} />
      <FormSubmit failure={failure} pending={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </FormSubmit>
      {expired ? <SingleSignOnButton callbackUrl={callbackUrl} /> : null}
    </form>
  );
}

function PasswordSignInForm({ callbackUrl, error, sso }: { callbackUrl?: string; error?: string; sso: boolean }) {
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
    const passkey = await passkeyAnswer();
    if (!passkey) {
      setFailure('The passkey prompt was closed or failed. Try again, or enter a code.');
      return;
    }
    const result = await signIn('credentials', { ...values, code: '', passkey, redirect: false, callbackUrl: safeCallback(callbackUrl) });
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
    const result = await signIn('credentials', {
      ...values,
      code: askCode ? (values.code ?? '') : '',
      redirect: false,
      callbackUrl: safeCallback(callbackUrl),
    });
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
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="email" label="Email" type="email" autoComplete="username" {...formField(form, 'email')} />
      <Field id="password" label="Password" type="password" autoComplete="current-password" {...formField(form, 'password')} />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-accent-700 underline dark:text-accent-100">
          Forgot password?
        </Link>
      </p>
      {askCode ? (
        <SecondFactorFields codeField={formField(form, 'code')} onPasskey={() => void signInWithPasskey()} pending={isSubmitting} />
      ) : null}
      <FormSubmit failure={failure} pending={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </FormSubmit>
      {sso ? <SingleSignOnButton callbackUrl={callbackUrl} /> : null}
    </form>
  );
}

/** The second factor's code, or a passkey instead: the same step after a password as after single sign-on. */
function SecondFactorFields({
  codeField,
  onPasskey,
  pending,
}: {
  codeField: ReturnType<typeof formField>;
  onPasskey: () => void;
  pending: boolean;
}) {
  return (
    <>
      <Field
        id="code"
        label="Authentication code"
        autoComplete="one-time-code"
        spellCheck={false}
        hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
        {...codeField}
      />
      <Button variant="secondary" className="w-full justify-center" onClick={onPasskey} disabled={pending}>
        Use a passkey
      </Button>
    </>
  );
}

function SingleSignOnButton({ callbackUrl }: { callbackUrl?: string }) {
  return (
    <Button
      variant="secondary"
      className="w-full justify-center"
      onClick={() => void signIn('oidc', { callbackUrl: safeCallback(callbackUrl) })}
    >
      Sign in with single sign-on
    </Button>
  );
}
