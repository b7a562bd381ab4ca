'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { failureClass } from '@/components/ui/field';
import { ApiClientError } from '@/lib/query/api-fetch';
import { acceptInvitation } from '@/lib/members/query';
import { ChoosePasswordForm } from './choose-password-form';

type Props = { token: string; email: string; organization: { slug: string; name: string }; role: string; signedInAs: string | null };

/** The invited person's side: join with the account they are signed in with, or choose a password for a new one. */
export function AcceptInvitation({ token, email, organization, role, signedInAs }: Props) {
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const signInHere = `/sign-in?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`;

  if (done) {
    return (
      <div role="status" className="space-y-3">
        <p>Your account is ready. Sign in as {email} with the password you chose.</p>
        <Link
          href={`/sign-in?callbackUrl=${encodeURIComponent(`/o/${organization.slug}`)}`}
          className="font-medium text-accent-700 underline dark:text-accent-100"
        >
          Sign in
        </Link>
      </div>
    );
  }

  if (signedInAs !== null && signedInAs === email) {
    return (
      <div className="space-y-3">
        <p>
          Join {organization.name} as {role} with your account {email}.
        </p>
        {failure ? (
          <p role="alert" className={failureClass}>
            {failure}
          </p>
        ) : null}
        <Button
          disabled={joining}
          onClick={async () => {
            setJoining(true);
            setFailure(null);
            try {
              await acceptInvitation(token);
              // A full load: the console reads the new membership on the server.
              // eslint-disable-next-line @next/next/no-location-assign-relative-destination
              window.location.assign(`/o/${organization.slug}`);
            } catch (error) {
              setFailure(error instanceof ApiClientError ? error.message : 'Something failed. Try again.');
              setJoining(false);
            }
          }}
        >
          Join {organization.name}
        </Button>
      </div>
    );
  }

  if (signedInAs !== null) {
    return (
      <p role="alert" className={failureClass}>
        You are signed in as {signedInAs}, but this invitation is for {email}. Sign out, then open this link again.
      </p>
    );
  }

  return (
    <div className="space-y-4">
      <p>
        Choose a password for {email} to join {organization.name} as {role}.
      </p>
      <ChoosePasswordForm
        email={email}
        submitLabel="Create account and join"
        onChoose={async (password) => {
          await acceptInvitation(token, password);
          setDone(true);
        }}
      />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Already have a Motorpool account with this email?{' '}
        <Link href={signInHere} className="font-medium text-accent-700 underline dark:text-accent-100">
          Sign in to accept
        </Link>
      </p>
    </div>
  );
}
