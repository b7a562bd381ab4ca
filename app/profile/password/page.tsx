import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ChangePasswordForm } from '@/components/profile/change-password-form';
import { SignInMethods } from '@/components/profile/sign-in-methods';
import { TwoStepVerification } from '@/components/profile/two-step-verification';
import { SignedInSessions } from '@/components/profile/signed-in-sessions';
import { getSessionUser } from '@/lib/auth/session';
import { getAccountSecurity } from '@/lib/profile/server/manage-second-factor';
import { getSignInMethods } from '@/lib/profile/server/manage-sign-in-methods';

export const metadata: Metadata = { title: 'Password and two-step verification' };

const CARD = 'rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';

export default async function AccountSecurityPage({ searchParams }: PageProps<'/profile/password'>) {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent('/profile/password')}`);
  const { requiredBy } = await searchParams;
  const { status, hasPassword } = await getAccountSecurity(user.id);
  return (
    <main className="flex min-h-screen flex-col items-center gap-6 p-4 sm:justify-center">
      <div className="w-full max-w-md">
        <p className="text-sm font-medium text-accent-600 dark:text-accent-100">Motorpool</p>
        <h1 className="mt-1 text-xl font-semibold">Your account</h1>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{user.email}</p>
      </div>
      <section aria-labelledby="password-heading" className={`w-full max-w-md ${CARD}`}>
        <h2 id="password-heading" className="mb-2 text-lg font-semibold">
          Change password
        </h2>
        <p className="mb-6 text-sm text-zinc-700 dark:text-zinc-300">Changing it ends every session of yours, on every device.</p>
        <ChangePasswordForm email={user.email} />
      </section>
      <section id="two-step" aria-labelledby="two-step-heading" className={`w-full max-w-md ${CARD}`}>
        <h2 id="two-step-heading" className="mb-4 text-lg font-semibold">
          Two-step verification
        </h2>
        <TwoStepVerification
          initial={status}
          email={user.email}
          hasPassword={hasPassword}
          requiredBy={typeof requiredBy === 'string' ? requiredBy : undefined}
        />
      </section>
      <SignInMethods initial={await getSignInMethods(user.id)} />
      <SignedInSessions />
      <p className="w-full max-w-md text-sm">
        <Link href="/o" className="font-medium text-accent-700 underline dark:text-accent-100">
          Back to the console
        </Link>
      </p>
    </main>
  );
}
