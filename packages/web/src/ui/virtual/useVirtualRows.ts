import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** First guess of a table row's height in px (a Bootstrap row with a small button). */
export const ROW_HEIGHT_ESTIMATE = 41;
/** Rows drawn above and below the visible ones, so fast scrolling shows no blank space. */
const OVERSCAN = 20;

/** The rows to draw and the empty space above and below them (drawn as padding rows). */
export interface VirtualSlice {
  /** Indexes of the rows to draw, in order. */
  indexes: number[];
  padTop: number;
  padBottom: number;
}

function slice<S extends Element | Window>(v: Virtualizer<S, Element>, enabled: boolean, count: number): VirtualSlice {
  if (!enabled) return { indexes: Array.from({ length: count }, (_, i) => i), padTop: 0, padBottom: 0 };
  const items = v.getVirtualItems();
  const margin = v.options.scrollMargin;
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return { indexes: [], padTop: 0, padBottom: 0 };
  return {
    indexes: items.map((i) => i.index),
    padTop: Math.max(0, first.start - margin),
    padBottom: Math.max(0, v.getTotalSize() - (last.end - margin)),
  };
}

/**
 * Rows are sized by one measured row (`tr[data-index]` inside `body`) rather than each one:
 * table rows of a list are one line high, and measuring thousands of them would cost layout.
 * Until a row is measured (and in jsdom, which has no layout) the estimate holds.
 */
function useMeasuredRowHeight(
  body: RefObject<HTMLElement | null>,
  estimate: number,
  v: Virtualizer<Element, Element> | Virtualizer<Window, Element>,
) {
  const [height, setHeight] = useState(estimate);
  const count = v.options.count;
  useLayoutEffect(() => {
    const row = body.current?.querySelector('tr[data-index]');
    const measured = row?.getBoundingClientRect().height ?? 0;
    if (measured > 0 && Math.abs(measured - height) > 0.5) setHeight(measured);
  }, [body, height, count]);
  useLayoutEffect(() => {
    v.measure();
  }, [v, height]);
  return height;
}

export interface ElementVirtualRowsOptions {
  count: number;
  /** The scrolling box around the table (its height bounds the rows drawn). */
  scrollRef: RefObject<HTMLElement | null>;
  /** The table body (one of its rows is measured). */
  bodyRef: RefObject<HTMLElement | null>;
  rowHeight?: number;
}

/** Virtual rows of a table that scrolls inside its own box (the paged lists). */
export function useElementVirtualRows({
  count,
  scrollRef,
  bodyRef,
  rowHeight = ROW_HEIGHT_ESTIMATE,
}: ElementVirtualRowsOptions): VirtualSlice {
  const heightRef = useRef(rowHeight);
  const v = useVirtualizer<Element, Element>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => heightRef.current,
    overscan: OVERSCAN,
  });
  heightRef.current = useMeasuredRowHeight(bodyRef, rowHeight, v);
  return slice(v, true, count);
}

export interface WindowVirtualRowsOptions {
  count: number;
  /** The table body: its distance from the top of the page is the scroll margin. */
  bodyRef: RefObject<HTMLElement | null>;
  /** Below this many rows everything is drawn (small tables gain nothing). */
  threshold?: number;
  rowHeight?: number;
}

/** Virtual rows of a table that scrolls with the page (the trees). */
export function useWindowVirtualRows({
  count,
  bodyRef,
  threshold = 0,
  rowHeight = ROW_HEIGHT_ESTIMATE,
}: WindowVirtualRowsOptions): VirtualSlice & { enabled: boolean } {
  const enabled = count > threshold;
  const heightRef = useRef(rowHeight);
  const [margin, setMargin] = useState(0);
  const v = useWindowVirtualizer<Element>({
    count,
    enabled,
    estimateSize: () => heightRef.current,
    overscan: OVERSCAN,
    scrollMargin: margin,
  });
  heightRef.current = useMeasuredRowHeight(bodyRef, rowHeight, v);
  // Whatever sits above the table (a form that opens, a notice) moves it: follow its position.
  // Such a change resizes the page, which the observer reports (jsdom has none: margin stays).
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!enabled || !body) return;
    const update = () => setMargin(Math.round(body.getBoundingClientRect().top + window.scrollY));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [enabled, bodyRef]);
  return { ...slice(v, enabled, count), enabled };
}
