'use client';

import { useEffect, useRef, type ReactNode } from 'react';

type ModalDialogProps = {
  open: boolean;
  /** Escape, or a click on the backdrop when `closeOnBackdrop` holds: the person backs out. */
  onCancel: () => void;
  closeOnBackdrop?: boolean;
  labelledBy: string;
  describedBy: string;
  children: ReactNode;
};

/**
 * A native modal <dialog> kept in step with `open`: the browser keeps focus inside, makes the page
 * behind inert, closes it on Escape and returns focus to what opened it.
 */
export function ModalDialog({ open, onCancel, closeOnBackdrop = false, labelledBy, describedBy, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // Escape closes the element itself; keep the state in step.
      onClose={() => {
        if (open) onCancel();
      }}
      // A click on the backdrop reaches the dialog element itself, never its content wrapper.
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCancel();
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {children}
    </dialog>
  );
}
