import type { ReactNode } from 'react';

/** What every row of a big list has: a numeric id (selection, keys, test ids). */
export interface PagedRow {
  id: number;
}

/**
 * One column of a big list. Items, orders and warehouse changes are lists of these: the table,
 * virtual rows, paging and selection come from PagedList.
 */
export interface PagedColumn<Row> {
  id: string;
  /** Read when drawn, so the text comes from the catalogue in the current language. */
  header: () => string;
  /**
   * A shorter text drawn in the header where the column is too narrow for `header()` (e.g. 'Zdj.'
   * for 'Liczba zdjęć'); the full text stays the header's `title` (tooltip) and accessible name.
   */
  shortHeader?: () => string;
  cell(row: Row): ReactNode;
  /** CSS width (the table layout is fixed, so virtual rows do not resize the columns). */
  width?: string;
  /** Classes of the header and the cells (alignment). */
  className?: string;
  /** Classes of the cells only. */
  cellClassName?: string;
  /** The header is read by screen readers only (icon and button columns). */
  hiddenHeader?: boolean;
  /**
   * Shown only when the list's box is at least this wide (container sizes in styles.css: sm 30rem,
   * md 40rem, lg 52rem, xl 64rem, xxl 70rem, wide 90rem): narrow screens drop the less important
   * columns instead of cutting all of them (a phone keeps sm out, a 1366 px laptop shows xl).
   */
  showFrom?: ColumnSize;
  /** Stays at the right edge while the table scrolls sideways (the row actions). */
  stickyEnd?: boolean;
}

export const COLUMN_SIZES = ['sm', 'md', 'lg', 'xl', 'xxl', 'wide'] as const;
export type ColumnSize = (typeof COLUMN_SIZES)[number];

/** One page as the list shows it, whatever the answer's own row key (`items`, `orders`...). */
export interface PageAnswer<Row> {
  rows: readonly Row[];
  /** Exact number of rows matching the search. */
  count: number;
  /** The page size the server used. */
  perPage: number;
}

/** What the caller says about its rows. */
export interface PagedListTexts {
  /** The rows' noun in the genitive plural: 'Wyświetlanie 100 z 2 500 {noun}' (e.g. 'towarów'). */
  noun: string;
  /** Shown in place of the table when the search finds nothing. */
  empty: ReactNode;
  /** Shown while the first page loads (default: the shared spinner). */
  loading?: ReactNode;
}
