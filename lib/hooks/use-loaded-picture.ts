'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Whether the `<img>` showing `src` has loaded it: `ready` goes on its `data-ready`, which the
 * end-to-end specs wait on, and a new `src` is not ready until that picture loads. The caller puts
 * `pictureRef` and `onLoad` on the `<img>`.
 */
export function useLoadedPicture(src: string | null) {
  const pictureRef = useRef<HTMLImageElement>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  // A picture the browser had already loaded before React listened fires no load event.
  useEffect(() => {
    if (src && pictureRef.current?.complete && pictureRef.current.naturalWidth > 0) setLoadedSrc(src);
  }, [src]);
  return { pictureRef, ready: src !== null && loadedSrc === src, onLoad: () => setLoadedSrc(src) };
}
