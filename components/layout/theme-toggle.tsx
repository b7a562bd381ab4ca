'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import { Button } from '@/components/ui/button';
import { useInBrowser } from '@/lib/hooks/use-in-browser';

const ORDER = ['system', 'light', 'dark'] as const;
const ICONS = { system: Monitor, light: Sun, dark: Moon };

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The theme is only known in the browser; render the neutral icon on the server.
  const mounted = useInBrowser();
  const current = (mounted && ORDER.includes(theme as (typeof ORDER)[number]) ? theme : 'system') as (typeof ORDER)[number];
  const next = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length];
  const Icon = ICONS[current];
  return (
    <Button variant="ghost" size="icon" onClick={() => setTheme(next)} aria-label={`Theme: ${current}. Switch to ${next}`}>
      <Icon aria-hidden className="h-4 w-4" />
    </Button>
  );
}
