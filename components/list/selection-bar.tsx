'use client';

import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * The bar of what is selected in a list: "N selected", the bulk actions, and a way to clear the
 * selection. The list shows it only while something is selected; it sticks to the bottom of the
 * window so the actions stay in reach while the rows scroll. On a narrow screen the actions fold
 * behind an "Actions" button, so the bar does not hide the rows it acts on.
 */
export function SelectionBar({
  label,
  count,
  onClear,
  extra,
  children,
}: {
  /** Names the bar for assistive technology ("Selected vehicles"). */
  label: string;
  /** What is selected, in words ("2 selected", "Every vehicle the filter matches"). */
  count: ReactNode;
  onClear: () => void;
  /** Beside the count: a wider choice ("Select every vehicle the filter matches"). */
  extra?: ReactNode;
  children: ReactNode;
}) {
  const [unfolded, setUnfolded] = useState(false);
  return (
    <section
      aria-label={label}
      className="sticky bottom-2 z-20 rounded-xl border border-accent-100 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:mb-2">
        <p role="status" className="font-semibold" data-testid="selection-count">
          {count}
        </p>
        {extra}
        <Button variant="ghost" size="xs" className="ml-auto" onClick={onClear}>
          Clear selection
        </Button>
        <Button variant="secondary" size="xs" className="sm:hidden" aria-expanded={unfolded} onClick={() => setUnfolded((u) => !u)}>
          Actions <ChevronDown aria-hidden className={cn('h-3.5 w-3.5', unfolded && 'rotate-180')} />
        </Button>
      </div>
      <div className={unfolded ? 'mt-2 block sm:mt-0' : 'hidden sm:block'}>{children}</div>
    </section>
  );
}
