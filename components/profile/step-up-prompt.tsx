'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { useCallback, useEffect, useRef, useState } from 'react';
import { registerStepUpPrompt, type StepUpRequest } from '@/lib/query/step-up-slot';

// Mounted on every console page, asked only before a dangerous action: the dialog (and the passkey
// code it brings) loads when it is first needed, not in every page's first load.
const StepUpDialog = clientLazy(() => import('./step-up-dialog').then((m) => m.StepUpDialog));

/**
 * The console's one step-up prompt: mounted once, it opens whenever an API call is refused for
 * want of a step-up (lib/query/step-up.ts), asks for the second factor (or the password where
 * there is none), and answers whether the person proved themselves; the call is then repeated.
 */
export function StepUpPrompt() {
  const [request, setRequest] = useState<StepUpRequest | null>(null);
  const settle = useRef<((proven: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpPrompt(
        (next) =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setRequest(next);
          }),
      ),
    [],
  );

  const finish = useCallback((proven: boolean) => {
    settle.current?.(proven);
    settle.current = null;
    setRequest(null);
  }, []);

  return request ? <StepUpDialog request={request} onDone={finish} /> : null;
}
