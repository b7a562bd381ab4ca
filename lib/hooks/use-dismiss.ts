'use client';

import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * How an open disclosure (a button and its panel inside `root`) is dismissed: Escape calls
 * `onEscape` (which closes it and puts focus back on its button); a pointer pressed outside `root`
 * calls `onOutside`, and with `focusLeaves` so does focus moving outside (a menu of links, which
 * keyboard users leave by tabbing on).
 */
export function useDismiss({
  open,
  root,
  onOutside,
  onEscape,
  focusLeaves = false,
}: {
  open: boolean;
  root: RefObject<HTMLElement | null>;
  onOutside: () => void;
  onEscape: () => void;
  focusLeaves?: boolean;
}) {
  const outside = useEffectEvent((event: Event) => {
    if (!root.current?.contains(event.target as Node)) onOutside();
  });
  const escape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') onEscape();
  });
  useEffect(() => {
    if (!open) return;
    document.addEventListener('pointerdown', outside);
    if (focusLeaves) document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, focusLeaves]);
}
