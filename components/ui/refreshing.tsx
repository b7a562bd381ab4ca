import type { ReactNode } from 'react';

/**
 * Keeps the previous content on screen while the next arrives (a new page, a new filter), marked
 * busy with a thin moving bar above it. The content stays at full contrast: dimming it made
 * text unreadable and failed contrast checks.
 */
export function Refreshing({ active, label, children }: { active: boolean; label: string; children: ReactNode }) {
  return (
    <div className="relative" aria-busy={active}>
      {active ? (
        <div
          role="progressbar"
          aria-label={label}
          className="absolute inset-x-0 -top-2 h-1 overflow-hidden rounded-full bg-accent-100 dark:bg-zinc-800"
        >
          <div className="h-full w-1/3 animate-[refreshing_1.1s_ease-in-out_infinite] rounded-full bg-accent-600 motion-reduce:animate-none" />
        </div>
      ) : null}
      {children}
    </div>
  );
}
