import type { Metadata } from 'next';
import Link from 'next/link';
import { ResetPassword } from '@/components/profile/reset-password';
import { emailOfResetLink, resetByMailAvailable } from '@/lib/profile/server/reset-password';
import { linkTokenSchema } from '@/lib/auth/schemas';

export const metadata: Metadata = { title: 'Reset password', robots: { index: false, follow: false } };

/** Public: a one-time reset link, mailed ("Forgot password?") or from the operator (`npm run user:reset-password -- email`). */
export default async function ResetPasswordPage({ params }: PageProps<'/reset-password/[token]'>) {
  const { token } = await params;
  const email = linkTokenSchema.safeParse(token).success ? await emailOfResetLink(token) : undefined;
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm font-medium text-accent-600 dark:text-accent-100">Motorpool</p>
        <h1 className="mt-1 mb-6 text-xl font-semibold">{email ? `New password for ${email}` : 'Reset link not valid'}</h1>
        {email ? (
          <ResetPassword token={token} email={email} />
        ) : resetByMailAvailable() ? (
          <p>
            This reset link is invalid, used or expired.{' '}
            <Link href="/forgot-password" className="font-medium text-accent-700 underline dark:text-accent-100">
              Ask for a new one
            </Link>
            .
          </p>
        ) : (
          <p>This reset link is invalid, used or expired. Ask your operator for a new one.</p>
        )}
      </div>
    </main>
  );
}
