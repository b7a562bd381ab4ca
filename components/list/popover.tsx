'use client';

import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

const TRIGGER =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';

/**
 * A button that opens a panel below it (a menu of filters, a filter's editor). Escape closes it and
 * puts focus back on the button; a pointer pressed elsewhere closes it and leaves focus where it
 * was pressed. `children` gets `close` for a form that is done.
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerClassName,
  align = 'left',
  panelLabel,
  panelClassName,
  closeWhenFocusLeaves = false,
  onOpen,
  onIntent,
  children,
}: {
  trigger: ReactNode;
  /** The button's accessible name, when its content alone does not say it. */
  triggerLabel?: string;
  triggerClassName?: string;
  align?: 'left' | 'right';
  panelLabel: string;
  /** The panel's own look, in place of the filter panel's. */
  panelClassName?: string;
  /** A menu of links also closes as keyboard focus tabs on past it. */
  closeWhenFocusLeaves?: boolean;
  /** Called as the panel opens (a list starts loading the forms its panel may show). */
  onOpen?: () => void;
  /**
   * Called as a pointer comes onto the button or it takes focus, before any click: the panel may be
   * about to open (a panel that loads its code starts loading it).
   */
  onIntent?: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // The button in state, not a ref: `close` is handed to the panel's content while rendering.
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    button?.focus();
  };

  const outside = useEffectEvent((event: Event) => {
    if (!box.current?.contains(event.target as Node)) setOpen(false);
  });
  const escape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  });
  useEffect(() => {
    if (!open) return;
    document.addEventListener('pointerdown', outside);
    if (closeWhenFocusLeaves) document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, closeWhenFocusLeaves]);

  return (
    <div ref={box} className="relative">
      <button
        ref={setButton}
        type="button"
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
        className={triggerClassName ?? TRIGGER}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={id}
          role="group"
          aria-label={panelLabel}
          className={
            panelClassName ??
            cn(
              'z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900',
              // On a narrow screen the panel spans the window (a chip far right would push it off the page).
              'max-sm:fixed max-sm:inset-x-4 sm:absolute sm:w-88',
              align === 'right' ? 'sm:right-0' : 'sm:left-0',
            )
          }
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
