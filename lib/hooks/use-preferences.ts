'use client';

import { createContext, useContext, useMemo } from 'react';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/format/preferences';
import { effectiveTimeZone } from '@/lib/format/time';
import { useInBrowser } from './use-in-browser';

export interface PreferencesState {
  preferences: Preferences;
  /** Replaces the preferences on screen at once (after they are saved). */
  setPreferences: (next: Preferences) => void;
}

export const PreferencesContext = createContext<PreferencesState>({ preferences: DEFAULT_PREFERENCES, setPreferences: () => {} });

/**
 * The signed-in person's units and time zone, with the zone to format times in: the chosen one,
 * else the browser's (UTC during the server render, so the first client render matches it).
 */
export function usePreferences(): Preferences & { zone: string; setPreferences: (next: Preferences) => void } {
  const { preferences, setPreferences } = useContext(PreferencesContext);
  const inBrowser = useInBrowser();
  const zone = inBrowser ? effectiveTimeZone(preferences.timeZone) : preferences.timeZone || 'UTC';
  return useMemo(() => ({ ...preferences, zone, setPreferences }), [preferences, zone, setPreferences]);
}
