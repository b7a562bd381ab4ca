import Link from 'next/link';
import { connection } from 'next/server';
import { DemoBadge } from '@/components/layout/demo-badge';
import { usesEmbeddedSandbox } from '@/lib/env';

export default async function HomePage() {
  // Rendered per request: whether this is the demo is the running server's configuration, not the build's.
  await connection();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-6 p-6">
      <div>
        <header className="flex items-center gap-2">
          <p className="text-sm font-medium text-accent-600 dark:text-accent-100">Motorpool</p>
          {usesEmbeddedSandbox() ? <DemoBadge /> : null}
        </header>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight">Your connected fleet, in one console</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">
          Connect manufacturer accounts, read telemetry and journeys, and send remote commands with their real outcome.
        </p>
      </div>
      <Link
        href="/sign-in"
        className="inline-flex w-fit items-center rounded-md bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700"
      >
        Sign in
      </Link>
    </main>
  );
}
