'use client';

import { cloneElement, isValidElement, useId, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Button } from './button';
import { inputClass } from './field';
import { ModalDialog } from './modal-dialog';

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

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void; 'aria-haspopup'?: 'dialog' };

/**
 * Confirmation before irreversible or physical actions; names what will happen. A native modal
 * <dialog>: the browser keeps focus inside, makes the page behind inert, closes it on Escape and
 * returns focus to the trigger.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  typeToConfirm,
  tone = 'danger',
  onConfirm,
  ...controlled
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlled.open ?? uncontrolledOpen;
  const onOpenChange = controlled.onOpenChange ?? setUncontrolledOpen;
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const ready = !typeToConfirm || typed.trim() === typeToConfirm;

  const setOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) setTyped('');
  };

  const triggerElement = isValidElement<TriggerProps>(trigger)
    ? cloneElement(trigger as ReactElement<TriggerProps>, {
        'aria-haspopup': 'dialog',
        onClick: (event: MouseEvent<HTMLElement>) => {
          (trigger as ReactElement<TriggerProps>).props.onClick?.(event);
          if (!event.defaultPrevented) setOpen(true);
        },
      })
    : trigger;

  return (
    <>
      {triggerElement}
      <ModalDialog open={open} onCancel={() => setOpen(false)} closeOnBackdrop={!busy} labelledBy={titleId} describedBy={descriptionId}>
        {open ? (
          <div className="p-5">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <div id={descriptionId} className="mt-2 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
              {description}
            </div>
            {typeToConfirm ? (
              <div className="mt-4 space-y-1">
                <label htmlFor={inputId} className="block text-sm font-medium">
                  Type <span className="font-mono">{typeToConfirm}</span> to confirm
                </label>
                <input id={inputId} className={inputClass} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
              </div>
            ) : null}
            <div className="mt-5 flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
                Cancel
              </Button>
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
          </div>
        ) : null}
      </ModalDialog>
    </>
  );
}
