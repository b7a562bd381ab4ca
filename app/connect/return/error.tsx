'use client';

/** Public page: no technical detail, just what the owner can do. */
export default function ConnectReturnError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="mx-auto mt-16 max-w-lg rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
      <h1 className="text-2xl font-semibold tracking-tight">This page could not be shown</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">
        Something went wrong on our side while recording your answer. Your choice on the consent page still counts; ask the fleet operator
        whether your vehicle appears.
      </p>
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded-md bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700"
      >
        Try again
      </button>
    </main>
  );
}
