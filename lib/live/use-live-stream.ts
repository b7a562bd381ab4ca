'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepLiveStream } from './open-streams';

/**
 * Opens the tab's live stream for the organization on screen (the console layout calls this once).
 * The first paint does not need the stream, so its code loads after it rather than in every page's entry.
 */
export function useLiveStream(org: string): void {
  const client = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('./live-stream').then(({ startLiveStream }) => {
      if (!left) stop = keepLiveStream(() => startLiveStream(org, client));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [org, client]);
}
