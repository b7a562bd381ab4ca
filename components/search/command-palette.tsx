'use client';

import { Command } from 'cmdk';
import { Bookmark, Car, FileText, UserRound } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { NavItem } from '@/components/layout/nav-items';
import { makeLabel } from '@/lib/contract/makes';
import { useConsoleSearch } from '@/lib/search/query';
import { useSavedViews } from '@/lib/views/query';
import { viewHref } from '@/lib/views/saved-views';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-zinc-800 data-[selected=true]:bg-accent-50 data-[selected=true]:text-accent-700 dark:text-zinc-200 dark:data-[selected=true]:bg-zinc-800 dark:data-[selected=true]:text-white';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-zinc-600 dark:[&_[cmdk-group-heading]]:text-zinc-400';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * ⌘K: pages and saved views filtered in the browser; vehicles (id, VIN, plate) and accounts (id,
 * name) searched by the server. Arrow keys move, Enter opens, Escape closes. Loaded on first open.
 */
export function CommandPalette({
  org,
  nav,
  open,
  onOpenChange,
}: {
  org: string;
  nav: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const q = useDebounced(text, 200);
  const search = useConsoleSearch(org, q);
  const views = useSavedViews(
    org,
    nav.some((item) => item.segment === 'vehicles'),
  );
  const searching = text.trim().length >= 2;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // The modal focuses its first focusable element, cmdk's root; typing belongs in the input.
      element.querySelector<HTMLInputElement>('[cmdk-input]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const go = (href: string) => {
    onOpenChange(false);
    setText('');
    router.push(href);
  };

  // The server matched vehicles and accounts (plates without their spaces, for one); pages and
  // views match by name, anywhere in it. The palette filters itself, so it knows what comes first.
  const needle = text.trim().toLowerCase();
  const vehicles = searching ? (search.data?.vehicles ?? []) : [];
  const accounts = searching ? (search.data?.accounts ?? []) : [];
  const savedViews = (views.data?.views ?? []).filter((view) => view.name.toLowerCase().includes(needle));
  const pages = nav.filter((item) => item.label.toLowerCase().includes(needle));
  const order = [
    ...vehicles.map((v) => `vehicle ${v.id}`),
    ...accounts.map((a) => `account ${a.id}`),
    ...savedViews.map((v) => `view ${v.id}`),
    ...pages.map((item) => `page ${item.segment || 'overview'}`),
  ];

  // The first entry is selected whenever the text or the results change, so Enter opens the best match.
  const [selected, setSelected] = useState('');
  const orderKey = `${needle}\u0000${order.join('|')}`;
  const [selectedFor, setSelectedFor] = useState('');
  if (orderKey !== selectedFor) {
    setSelectedFor(orderKey);
    setSelected(order[0] ?? '');
  }

  return (
    <dialog
      ref={dialog}
      aria-label="Search the console"
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className="mx-auto mt-[12vh] w-[calc(100vw-2rem)] max-w-xl rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {open ? (
        <Command
          label="Search vehicles, accounts, views and pages"
          loop
          shouldFilter={false}
          value={selected}
          onValueChange={setSelected}
          className="flex max-h-[70vh] flex-col"
        >
          <Command.Input
            value={text}
            onValueChange={setText}
            placeholder="Find a vehicle (VIN, plate, id), an account, a view or a page"
            className="w-full border-b border-zinc-200 bg-transparent px-4 py-3 text-sm outline-none placeholder:text-zinc-500 dark:border-zinc-800"
          />
          <Command.List className="overflow-y-auto p-2">
            {searching && search.isFetching && !search.data ? <Command.Loading>Searching…</Command.Loading> : null}
            <Command.Empty className="px-3 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
              {searching && search.isFetching ? 'Searching…' : 'Nothing found.'}
            </Command.Empty>
            {vehicles.length > 0 ? (
              <Command.Group heading="Vehicles" className={groupClass}>
                {vehicles.map((v) => (
                  <Command.Item
                    key={v.id}
                    value={`vehicle ${v.id}`}
                    onSelect={() => go(`/o/${org}/vehicles/${encodeURIComponent(v.id)}`)}
                    className={itemClass}
                  >
                    <Car aria-hidden className="h-4 w-4 shrink-0" />
                    <span className="min-w-0 flex-1 truncate">
                      {[makeLabel(v.make), v.model].filter(Boolean).join(' ') || v.id}
                      {v.registrationPlate ? ` · ${v.registrationPlate}` : ''}
                    </span>
                    <span className="truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{v.vin ?? v.id}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
            {accounts.length > 0 ? (
              <Command.Group heading="Accounts" className={groupClass}>
                {accounts.map((a) => (
                  <Command.Item
                    key={a.id}
                    value={`account ${a.id}`}
                    onSelect={() => go(`/o/${org}/accounts/${encodeURIComponent(a.id)}`)}
                    className={itemClass}
                  >
                    <UserRound aria-hidden className="h-4 w-4 shrink-0" />
                    <span className="min-w-0 flex-1 truncate">{a.username ?? a.id}</span>
                    <span className="truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{a.id}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
            {searching && search.data?.accountsError ? (
              <p className="px-3 py-1 text-xs text-zinc-600 dark:text-zinc-400">{search.data.accountsError}</p>
            ) : null}
            {savedViews.length > 0 ? (
              <Command.Group heading="Saved views" className={groupClass}>
                {savedViews.map((view) => (
                  <Command.Item key={view.id} value={`view ${view.id}`} onSelect={() => go(viewHref(org, view))} className={itemClass}>
                    <Bookmark aria-hidden className="h-4 w-4 shrink-0" />
                    {view.name}
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
            {pages.length > 0 ? (
              <Command.Group heading="Pages" className={groupClass}>
                {pages.map((item) => (
                  <Command.Item
                    key={item.segment || 'overview'}
                    value={`page ${item.segment || 'overview'}`}
                    onSelect={() => go(item.segment ? `/o/${org}/${item.segment}` : `/o/${org}`)}
                    className={itemClass}
                  >
                    <FileText aria-hidden className="h-4 w-4 shrink-0" />
                    {item.label}
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
          </Command.List>
        </Command>
      ) : null}
    </dialog>
  );
}
