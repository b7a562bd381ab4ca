'use client';

import Link from 'next/link';
import { useState } from 'react';
import { resetPassword } from '@/lib/profile/query';
import { ChoosePasswordForm } from './choose-password-form';

export function ResetPassword({ token, email }: { token: string; email: string }) {
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <div role="status" className="space-y-3">
        <p>Your password is changed and every session of yours has ended. Sign in with the new password.</p>
        <Link href="/sign-in" className="font-medium text-accent-700 underline dark:text-accent-100">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <ChoosePasswordForm
      email={email}
      submitLabel="Set the new password"
      onChoose={async (password) => {
        await resetPassword(token, password);
        setDone(true);
      }}
    />
  );
}
