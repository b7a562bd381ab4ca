import type { ReactNode } from 'react';

/** A whole page that failed: what happened, an optional reference for support, and a retry. */
export function PageFailure({
  title,
  reference,
  reset,
  children,
}: {
  title: string;
  reference?: string;
  reset: () => void;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto mt-16 max-w-lg px-4">
      <div role="alert" className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-3 text-zinc-700 dark:text-zinc-300">{children}</p>
        {reference ? <p className="mt-2 font-mono text-xs text-zinc-600 dark:text-zinc-400">Error reference {reference}</p> : null}
        <button
          type="button"
          onClick={reset}
          className="mt-4 rounded-md bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700"
        >
          Try again
        </button>
      </div>
    </main>
  );
}
