'use client';

import { FormError } from './field';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type StopMailProps = {
  /** What the button stops, asked before it is pressed. */
  question: string;
  button: string;
  /** Said once it is done. */
  done: ReactNode;
  state: { isPending: boolean; isSuccess: boolean; error: Error | null };
  onStop: () => void;
};

/**
 * The page an e-mail's unsubscribe link opens: one button, since a link alone changes nothing
 * (mail scanners open links).
 */
export function StopMail({ question, button, done, state, onStop }: StopMailProps) {
  if (state.isSuccess) return <p role="status">{done}</p>;
  return (
    <div className="space-y-3">
      <p>{question}</p>
      <FormError>{state.error?.message}</FormError>
      <Button onClick={onStop} disabled={state.isPending}>
        {button}
      </Button>
    </div>
  );
}
