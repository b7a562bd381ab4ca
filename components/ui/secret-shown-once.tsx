import type { ReactNode } from 'react';
import { Button } from './button';
import { CopyButton } from './copy-button';

/**
 * A secret the server made and keeps only as a hash or encrypted: shown this once, with a copy
 * button, until the person says they stored it. `children` say whose secret it is and where it goes.
 */
export function SecretShownOnce({
  secret,
  testId,
  onDone,
  children,
}: {
  secret: string;
  /** The end-to-end tests read the secret by it. */
  testId: string;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {children}
      <p className="mt-1 flex items-center gap-1 font-mono break-all">
        <span data-testid={testId} className="min-w-0">
          {secret}
        </span>
        <CopyButton value={secret} label="Copy the secret" />
      </p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onDone}>
        I stored it
      </Button>
    </div>
  );
}
