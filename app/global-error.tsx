'use client';

import { PageFailure } from '@/components/ui/page-failure';
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
        <PageFailure title="Motorpool could not be shown" reference={error.digest} reset={reset}>
          Something went wrong on our side. Try again; if it keeps failing, give support the reference below.
        </PageFailure>
      </body>
    </html>
  );
}
