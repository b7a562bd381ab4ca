'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';

export type RowRenderer = (index: number, measure: (el: HTMLTableRowElement | null) => void) => ReactNode;

/**
 * The rows of a large page, only those in view (plus overscan) in the DOM. Its own module, loaded
 * only when a page is large, so the usual 20-row page does not ship the virtualizer.
 */
export function VirtualRows({
  count,
  rowHeight,
  columns,
  scrollRef,
  renderRow,
}: {
  count: number;
  rowHeight: number;
  columns: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  renderRow: RowRenderer;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer returns fresh functions by design; nothing here is memoized on them.
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length ? items[0].start : 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <>
      {paddingTop > 0 ? (
        <tr aria-hidden>
          <td colSpan={columns} style={{ height: paddingTop, padding: 0 }} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(item.index, virtualizer.measureElement))}
      {paddingBottom > 0 ? (
        <tr aria-hidden>
          <td colSpan={columns} style={{ height: paddingBottom, padding: 0 }} />
        </tr>
      ) : null}
    </>
  );
}
