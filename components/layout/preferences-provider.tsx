'use client';

import { useMemo, useState, type ReactNode } from 'react';
import type { Preferences } from '@/lib/format/preferences';
import { PreferencesContext } from '@/lib/hooks/use-preferences';

/** Hands the person's units and time zone, read by the layout on the server, to every page below. */
export function PreferencesProvider({ initial, children }: { initial: Preferences; children: ReactNode }) {
  const [preferences, setPreferences] = useState(initial);
  const value = useMemo(() => ({ preferences, setPreferences }), [preferences]);
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}
