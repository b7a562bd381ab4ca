import type { Metadata } from 'next';
import { SignInForm } from '@/components/auth/sign-in-form';
import { DemoBadge } from '@/components/layout/demo-badge';
import { oidcEnabled } from '@/lib/auth/options';
import { usesEmbeddedSandbox } from '@/lib/env';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: PageProps<'/sign-in'>) {
  const { callbackUrl, error, via } = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <header className="flex items-center gap-2">
          <p className="text-sm font-medium text-accent-600 dark:text-accent-100">Motorpool</p>
          {usesEmbeddedSandbox() ? <DemoBadge /> : null}
        </header>
        <h1 className="mt-1 mb-6 text-xl font-semibold">Sign in to your fleet console</h1>
        <SignInForm
          callbackUrl={typeof callbackUrl === 'string' ? callbackUrl : undefined}
          error={typeof error === 'string' ? error : undefined}
          sso={oidcEnabled()}
          ssoSecondFactor={via === 'sso' && error === 'SecondFactorRequired'}
        />
      </div>
    </main>
  );
}
