import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { resetByMailAvailable } from '@/lib/profile/server/reset-password';

export const metadata: Metadata = { title: 'Forgot password' };

/** Public: asks for a reset link by mail; without SMTP, points to the operator's command. */
export default async function ForgotPasswordPage() {
  // Read at request time: whether mail is configured is the running server's setting, not the build's.
  await connection();
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm font-medium text-accent-600 dark:text-accent-100">Motorpool</p>
        <h1 className="mt-1 mb-6 text-xl font-semibold">Reset your password</h1>
        {resetByMailAvailable() ? (
          <ForgotPasswordForm />
        ) : (
          <div className="space-y-3">
            <p role="status">
              Password resets by mail are not available on this console. Ask your operator for a reset link: they can create one for your
              address.
            </p>
            <Link href="/sign-in" className="font-medium text-accent-700 underline dark:text-accent-100">
              Back to sign-in
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
