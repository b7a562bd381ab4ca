'use client';

import { useEffect, useState } from 'react';

/**
 * The current time, re-read every `intervalMs`: for countdowns, ages and stale marks that move on
 * while a page stays open. Pick the interval for what is shown (a seconds countdown: 1 s; an age
 * in minutes: 30 s or more).
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
