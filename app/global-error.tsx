'use client';

import './globals.css';

/**
 * The last boundary: the root layout itself failed, so this replaces it and brings its own
 * <html> and <body>. No inline script (the page CSP only runs scripts with the request's nonce,
 * which this boundary cannot read) and no provider: plain markup, styles from the stylesheet.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <main className="mx-auto mt-16 max-w-lg px-4">
          <div role="alert" className="rounded-xl border border-zinc-200 bg-white p-6">
            <h1 className="text-2xl font-semibold tracking-tight">Motorpool could not be shown</h1>
            <p className="mt-3 text-zinc-700">
              Something went wrong on our side. Try again; if it keeps failing, give support the reference below.
            </p>
            {error.digest ? <p className="mt-2 font-mono text-xs text-zinc-600">Error reference {error.digest}</p> : null}
            <button
              type="button"
              onClick={reset}
              className="mt-4 rounded-md bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700"
            >
              Try again
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
