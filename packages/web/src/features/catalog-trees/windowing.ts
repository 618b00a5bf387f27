import { useLayoutEffect, useRef, useState } from 'react';

/** Above this many rows a tree draws only the rows near the screen (a warehouse has thousands of places). */
export const WINDOWING_THRESHOLD = 500;
/** Rows drawn above and below the visible ones, so fast scrolling does not show blank space. */
const OVERSCAN = 25;
/** First guess of a row's height in px before one is measured. */
const ROW_HEIGHT_ESTIMATE = 41;

export interface WindowInput {
  /** How far the top of the screen is below the top of the first row, in px (negative: rows start lower). */
  offset: number;
  /** Height of the visible area in px. */
  viewport: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}

/** The rows [start, end) to draw for a scroll position. */
export function windowRange({ offset, viewport, rowHeight, count, overscan = OVERSCAN }: WindowInput): {
  start: number;
  end: number;
} {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, offset) / rowHeight);
  const last = Math.ceil(Math.max(0, offset + viewport) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, Math.max(start, last + overscan));
  return { start, end };
}

/**
 * Window scrolling for a long table body: returns the slice of rows to draw and the heights of the
 * spacers above and below it. The row height is measured from a drawn row (`data-row`), so it
 * follows the font and the buttons. Off below WINDOWING_THRESHOLD rows: everything is drawn.
 */
export function useWindowedRows(count: number) {
  const enabled = count > WINDOWING_THRESHOLD;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT_ESTIMATE);
  const [range, setRange] = useState(() => windowRange({ offset: 0, viewport: 1200, rowHeight, count }));

  useLayoutEffect(() => {
    if (!enabled) return;
    const update = () => {
      const body = bodyRef.current;
      if (!body) return;
      const next = windowRange({
        offset: -body.getBoundingClientRect().top,
        viewport: window.innerHeight,
        rowHeight,
        count,
      });
      setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [enabled, rowHeight, count]);

  useLayoutEffect(() => {
    if (!enabled) return;
    const row = bodyRef.current?.querySelector('tr[data-row]');
    const height = row?.getBoundingClientRect().height ?? 0;
    if (height > 0 && Math.abs(height - rowHeight) > 0.5) setRowHeight(height);
  }, [enabled, rowHeight, range, count]);

  if (!enabled) return { bodyRef, enabled, start: 0, end: count, padTop: 0, padBottom: 0 };
  const start = Math.min(range.start, count);
  const end = Math.min(range.end, count);
  return { bodyRef, enabled, start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}
