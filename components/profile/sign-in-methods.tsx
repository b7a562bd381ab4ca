'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { removeSignInMethod, startSsoLink } from '@/lib/profile/query';
import type { RemoveSignInMethodInput } from '@/lib/profile/schemas';
import type { SignInMethodsView } from '@/lib/profile/sign-in-methods';

const CARD = 'w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
const ACCOUNT_PAGE = '/profile/password';

const failureMessage = (error: unknown) => (error instanceof Error ? error.message : 'That did not work. Try again.');

/**
 * The ways this person signs in: the password (and whether a link set it) and single sign-on
 * identities, each removable while another method is left; linking single sign-on when none is.
 */
export function SignInMethods({ initial }: { initial: SignInMethodsView }) {
  const router = useRouter();
  const [linking, setLinking] = useState(false);
  // Removing ends every session of the person, this one too: off to sign in again.
  const remove = async (input: RemoveSignInMethodInput) => {
    try {
      await removeSignInMethod(input);
    } catch (error) {
      toast.error(failureMessage(error));
      return;
    }
    toast.success('Removed. Sign in again.');
    router.push(`/sign-in?callbackUrl=${encodeURIComponent(ACCOUNT_PAGE)}`);
  };
  const { password, sso, ssoAvailable } = initial;
  const methods = (password ? 1 : 0) + sso.length;
  const link = async () => {
    setLinking(true);
    try {
      await startSsoLink();
      await signIn('oidc', { callbackUrl: ACCOUNT_PAGE });
    } catch (error) {
      toast.error(failureMessage(error));
      setLinking(false);
    }
  };
  return (
    <section id="sign-in-methods" aria-labelledby="sign-in-methods-heading" className={CARD}>
      <h2 id="sign-in-methods-heading" className="mb-2 text-lg font-semibold">
        Sign-in methods
      </h2>
      <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">
        Removing one ends every session of yours, on every device. The last one cannot be removed.
      </p>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {password ? (
          <li className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="space-y-1 text-sm">
              <p className="font-medium">Password</p>
              {password.setByLink ? (
                <>
                  <StatusBadge tone="pending">set through a link</StatusBadge>
                  <p className="text-zinc-600 dark:text-zinc-400">
                    Chosen on an invitation or reset link. Single sign-on joins this account only once linked here.
                  </p>
                </>
              ) : (
                <StatusBadge tone="success">set</StatusBadge>
              )}
            </div>
            {methods > 1 ? (
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" size="sm">
                    Remove password…
                  </Button>
                }
                title="Remove the password?"
                description={
                  <p>
                    You will sign in with single sign-on only. Anyone who knew the password, whoever set it, can no longer use it, and every
                    session of this account ends.
                  </p>
                }
                confirmLabel="Remove password"
                onConfirm={() => remove({ method: 'password' })}
              />
            ) : null}
          </li>
        ) : null}
        {sso.map((identity) => (
          <li key={identity.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0 space-y-1 text-sm">
              <p className="font-medium">Single sign-on</p>
              <p className="break-all text-zinc-600 dark:text-zinc-400">
                {identity.email} at <span className="font-mono text-xs">{identity.issuer}</span>
              </p>
              <p className="text-zinc-600 dark:text-zinc-400">
                Linked <Time value={identity.linkedAt} dateOnly />
              </p>
            </div>
            {methods > 1 ? (
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" size="sm">
                    Remove…
                  </Button>
                }
                title="Remove single sign-on?"
                description={<p>You will sign in with your password only, and every session of this account ends.</p>}
                confirmLabel="Remove single sign-on"
                onConfirm={() => remove({ method: 'sso', id: identity.id })}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {ssoAvailable && sso.length === 0 ? (
        <div className="mt-4 space-y-2 text-sm">
          <p className="text-zinc-700 dark:text-zinc-300">
            Link your single sign-on identity to this account: you go to the identity provider and come back here.
          </p>
          <Button variant="secondary" onClick={link} disabled={linking}>
            {linking ? 'Going to single sign-on…' : 'Link single sign-on'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
