import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ChangePasswordForm } from '@/components/profile/change-password-form';
import { SignedInSessions } from '@/components/profile/signed-in-sessions';
import { getSessionUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Change password' };

export default async function ChangePasswordPage() {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent('/profile/password')}`);
  return (
    <main className="flex min-h-screen flex-col items-center gap-6 p-4 sm:justify-center">
      <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm font-medium text-accent-600 dark:text-accent-100">Motorpool</p>
        <h1 className="mt-1 mb-2 text-xl font-semibold">Change password</h1>
        <p className="mb-6 text-sm text-zinc-700 dark:text-zinc-300">
          For {user.email}. Changing it ends every session of yours, on every device.
        </p>
        <ChangePasswordForm email={user.email} />
        <p className="mt-6 text-sm">
          <Link href="/o" className="font-medium text-accent-700 underline dark:text-accent-100">
            Back to the console
          </Link>
        </p>
      </div>
      <SignedInSessions />
    </main>
  );
}
