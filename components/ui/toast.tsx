'use client';

import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/**
 * Toasts, with sonner loaded after the page has hydrated rather than in every page's first
 * load: a toast only ever follows something the person did. A toast raised before the Toaster
 * is listening waits for it, so none is lost.
 */
let sonner: Promise<typeof import('sonner')> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Its effect runs after the Toaster's own, by which time the Toaster has subscribed. */
function ListeningSignal({ children }: { children: ReactNode }) {
  useEffect(() => markListening(), []);
  return children;
}

export function Toaster(props: ToasterProps) {
  return (
    <Suspense fallback={null}>
      <ListeningSignal>
        <SonnerToaster {...props} />
      </ListeningSignal>
    </Suspense>
  );
}

type Kind = 'success' | 'error' | 'warning';
const show =
  (kind: Kind) =>
  (message: ReactNode, options?: ExternalToast): void => {
    void Promise.all([loadSonner(), listening]).then(([{ toast }]) => toast[kind](message, options));
  };

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };
