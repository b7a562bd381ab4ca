'use client';

import { ChevronLeft, ListFilter, Plus, SlidersHorizontal, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Popover } from './popover';

/** A filter in force, shown as a chip that says in words what it does. */
export type ActiveFilter = {
  key: string;
  /** What the filter does, in words ("Charge below 20%", "Tag depot = north"). */
  words: string;
  /** The form that changes it; none for a filter that is on or off. `done` closes the chip's panel. */
  edit?: (done: () => void) => ReactNode;
  remove: () => void;
};

/** A filter the list offers in the "Add filter" menu. */
export type FilterChoice = {
  key: string;
  label: string;
  /** The heading it sits under in the menu ("Vehicle state", "Advanced"). */
  group: string;
  /** Its form, or `apply` for a filter that needs no value (switched on as soon as it is chosen). */
  edit?: (done: () => void) => ReactNode;
  apply?: () => void;
  /** Why it cannot be added now (the menu shows it greyed with the reason). */
  unavailable?: string;
};

const CHIP =
  'inline-flex max-w-full items-center rounded-full border border-accent-100 bg-accent-50 text-sm text-accent-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100';

function FilterChip({ filter }: { filter: ActiveFilter }) {
  const words = <span className="truncate">{filter.words}</span>;
  return (
    <li className={CHIP} data-testid="filter-chip">
      {filter.edit ? (
        <Popover
          trigger={words}
          triggerLabel={`Edit the filter: ${filter.words}`}
          triggerClassName="flex max-w-[16rem] items-center rounded-l-full py-1 pr-1 pl-3 hover:underline"
          panelLabel={`Edit the filter: ${filter.words}`}
        >
          {(done) => filter.edit!(done)}
        </Popover>
      ) : (
        <span className="flex max-w-[16rem] py-1 pr-1 pl-3">{words}</span>
      )}
      <button
        type="button"
        aria-label={`Remove the filter: ${filter.words}`}
        onClick={filter.remove}
        className="mr-1 rounded-full p-1 hover:bg-accent-100 dark:hover:bg-zinc-700"
      >
        <X aria-hidden className="h-3.5 w-3.5" />
      </button>
    </li>
  );
}

/** The "Add filter" menu: every filter the list offers, by group; choosing one opens its form in place. */
function AddFilterMenu({ choices, onOpen }: { choices: FilterChoice[]; onOpen?: () => void }) {
  const [chosen, setChosen] = useState<FilterChoice | null>(null);
  const groups = [...new Set(choices.map((c) => c.group))];
  return (
    <Popover
      trigger={
        <>
          <Plus aria-hidden className="h-4 w-4" /> Add filter
        </>
      }
      panelLabel="Add filter"
      onOpen={onOpen}
    >
      {(close) => {
        const done = () => {
          setChosen(null);
          close();
        };
        if (chosen?.edit)
          return (
            <div className="space-y-2">
              <button type="button" onClick={() => setChosen(null)} className="inline-flex items-center gap-1 text-xs underline">
                <ChevronLeft aria-hidden className="h-3.5 w-3.5" /> Every filter
              </button>
              {chosen.edit(done)}
            </div>
          );
        return (
          <div className="space-y-3">
            {groups.map((group) => (
              <div key={group} role="group" aria-label={group}>
                <p className="mb-1 text-xs font-semibold text-zinc-600 dark:text-zinc-400">{group}</p>
                <ul className="grid grid-cols-2 gap-1">
                  {choices
                    .filter((c) => c.group === group)
                    .map((choice) => (
                      <li key={choice.key}>
                        <button
                          type="button"
                          disabled={Boolean(choice.unavailable)}
                          title={choice.unavailable}
                          onClick={() => {
                            if (choice.apply) {
                              choice.apply();
                              done();
                            } else setChosen(choice);
                          }}
                          className="w-full rounded px-2 py-1 text-left text-sm hover:bg-zinc-100 disabled:cursor-not-allowed disabled:text-zinc-500 dark:hover:bg-zinc-800 dark:disabled:text-zinc-500"
                        >
                          {choice.label}
                        </button>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </div>
        );
      }}
    </Popover>
  );
}

/**
 * One bar per list: its search, the "Add filter" menu, each filter in force as a chip that can be
 * edited or removed, and "Clear all". On a narrow screen the chips fold behind a "Filters" button.
 * The list keeps the state (in the URL); the bar only shows it and reports changes.
 */
export function FilterBar({
  label,
  search,
  active,
  choices,
  onClearAll,
  end,
  onMenuOpen,
}: {
  label: string;
  search?: ReactNode;
  active: ActiveFilter[];
  choices: FilterChoice[];
  onClearAll: () => void;
  /** What sits at the end of the bar: export, columns, saved views. */
  end?: ReactNode;
  /** Called as the "Add filter" menu opens: a list whose filter forms load lazily starts loading them. */
  onMenuOpen?: () => void;
}) {
  const [unfolded, setUnfolded] = useState(false);
  return (
    <div role="group" aria-label={label} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {search ? <div className="w-full sm:w-80">{search}</div> : null}
        <AddFilterMenu choices={choices} onOpen={onMenuOpen} />
        {active.length > 0 ? (
          <Button variant="secondary" size="sm" className="sm:hidden" aria-expanded={unfolded} onClick={() => setUnfolded((u) => !u)}>
            <SlidersHorizontal aria-hidden className="h-4 w-4" /> Filters ({active.length})
          </Button>
        ) : null}
        <ul
          aria-label="Filters in force"
          className={cn('min-w-0 flex-wrap items-center gap-1.5 max-sm:basis-full', unfolded ? 'flex' : 'hidden sm:flex')}
        >
          {active.map((filter) => (
            <FilterChip key={filter.key} filter={filter} />
          ))}
          {active.length > 1 ? (
            <li>
              <Button variant="ghost" size="xs" onClick={onClearAll}>
                Clear all
              </Button>
            </li>
          ) : null}
        </ul>
        {end ? <div className="ml-auto flex flex-wrap items-center gap-2">{end}</div> : null}
      </div>
    </div>
  );
}

/** The empty state of a filter that matches nothing: the filters in force, in words, and a way to clear them. */
export function FilteredEmpty({ noun, active, onClearAll }: { noun: string; active: ActiveFilter[]; onClearAll: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-4 py-10 text-center dark:border-zinc-700">
      <ListFilter aria-hidden className="h-6 w-6 text-zinc-500" />
      <p className="font-medium">No {noun} match these filters</p>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        In force: {active.map((f) => f.words).join(' · ')}. Change one, or clear them to see every {noun.replace(/s$/, '')}.
      </p>
      <Button variant="secondary" size="sm" onClick={onClearAll}>
        Clear all filters
      </Button>
    </div>
  );
}
