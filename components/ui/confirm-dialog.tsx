'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { inputClass } from './field';

type ConfirmDialogProps = {
  /** The button that opens it; omit and pass `open`/`onOpenChange` to open it from code. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** When set, the person must type this text (for example the VIN) before confirming. */
  typeToConfirm?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => Promise<unknown> | void;
};

/** Confirmation before irreversible or physical actions; names what will happen. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, typeToConfirm, tone = 'danger', onConfirm, ...controlled }: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlled.open ?? uncontrolledOpen;
  const setOpen = controlled.onOpenChange ?? setUncontrolledOpen;
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = !typeToConfirm || typed.trim() === typeToConfirm;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
    >
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">{description}</div>
          </Dialog.Description>
          {typeToConfirm ? (
            <div className="mt-4 space-y-1">
              <label htmlFor="type-to-confirm" className="block text-sm font-medium">
                Type <span className="font-mono">{typeToConfirm}</span> to confirm
              </label>
              <input id="type-to-confirm" className={inputClass} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </div>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button
              variant={tone}
              disabled={!ready || busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                  setOpen(false);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {busy ? 'Working…' : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
