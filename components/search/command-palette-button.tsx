'use client';

import { Search } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import { useEffect, useState } from 'react';
import type { NavItem } from '@/components/layout/nav-items';
import { Button } from '@/components/ui/button';

// cmdk and the palette load on first open, not with every page.
const CommandPalette = clientLazy(() => import('./command-palette').then((m) => m.CommandPalette));

/** The header's search button and the Ctrl+K / ⌘K shortcut, from any console page. */
export function CommandPaletteButton({ org, nav }: { org: string; nav: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        setLoaded(true);
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Button
        variant="quiet"
        size="sm"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Search aria-hidden className="h-4 w-4" />
        <span className="hidden sm:inline">Search</span>
        <span className="sr-only sm:hidden">Search</span>
        <kbd className="hidden rounded border border-zinc-300 px-1 font-sans text-xs md:inline dark:border-zinc-700">Ctrl K</kbd>
      </Button>
      {loaded ? <CommandPalette org={org} nav={nav} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
