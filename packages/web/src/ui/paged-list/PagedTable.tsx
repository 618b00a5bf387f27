import { memo, useEffect, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import Table from 'react-bootstrap/Table';
import { format } from '@web/i18n';
import { uiText } from '../texts';
import { PadRow } from '../virtual/PadRow';
import { useElementVirtualRows } from '../virtual/useVirtualRows';
import type { PagedColumn, PagedRow } from './types';

export interface PagedTableProps<Row extends PagedRow> {
  columns: readonly PagedColumn<Row>[];
  rows: readonly Row[];
  /** Multi-select mode: a checkbox column first; a click toggles a row, a shift-click a range. */
  multi: boolean;
  selected: ReadonlySet<number>;
  onToggle(id: number, shift: boolean): void;
  /** Select-all of the page in multi-select mode (the header checkbox): every row, or none. */
  onToggleAll?(state: boolean): void;
  /** Outside multi-select mode, a click on a row (not on its links, buttons or inputs) or Enter opens it. */
  onOpen?(row: Row): void;
  /** Highest height of the scrolling box (CSS); the header sticks to its top. */
  maxHeight?: string;
  /** First guess of a row's height in px; one drawn row is measured after. */
  rowHeight?: number;
  /** Narrowest width of the table (CSS): below it the box scrolls sideways instead of squeezing columns without a width. */
  minWidth?: string;
  rowClassName?(row: Row): string | undefined;
  testId: string;
}

/** The classes of a column's header and cells: alignment, the box width it needs, sticky actions. */
export function columnClasses(c: PagedColumn<unknown>, cells: boolean): string | undefined {
  return (
    [
      c.className,
      cells ? c.cellClassName : undefined,
      c.showFrom ? `paged-col-${c.showFrom}` : undefined,
      c.stickyEnd ? 'paged-col-sticky' : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

/**
 * The table of a big list. It scrolls in its own box with a sticky header and draws only the
 * rows near the visible part (about 60 of a 10,000-row page), with padding rows for the rest,
 * so a <table> keeps its semantics and columns (fixed layout, widths from the columns).
 */
export function PagedTable<Row extends PagedRow>(props: PagedTableProps<Row>) {
  const { columns, rows, multi, testId } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const win = useElementVirtualRows({ count: rows.length, scrollRef, bodyRef, rowHeight: props.rowHeight });
  const t = uiText().pagedList;
  const colSpan = columns.length + (multi ? 1 : 0);
  return (
    <div
      ref={scrollRef}
      className="paged-table-scroll"
      style={{ maxHeight: props.maxHeight ?? '70vh' }}
      data-virtual-scroll
      data-testid={`${testId}-scroll`}
    >
      <Table
        hover
        className={`align-middle mb-0 paged-table${multi ? ' user-select-none' : ''}`}
        style={{ tableLayout: 'fixed', minWidth: props.minWidth }}
        data-testid={`${testId}-table`}
      >
        <thead>
          <tr>
            {multi && (
              <th scope="col" style={{ width: '3rem' }}>
                {props.onToggleAll ? (
                  <SelectAll
                    rows={rows}
                    selected={props.selected}
                    onToggleAll={props.onToggleAll}
                    testId={`${testId}-select-all`}
                  />
                ) : (
                  <span className="visually-hidden">{t.colSelect}</span>
                )}
              </th>
            )}
            {columns.map((c) => (
              <th
                key={c.id}
                scope="col"
                className={columnClasses(c as PagedColumn<unknown>, false)}
                style={c.width ? { width: c.width } : undefined}
                // A short header keeps the full one as its tooltip and accessible name.
                title={c.shortHeader && !c.hiddenHeader ? c.header() : undefined}
                aria-label={c.shortHeader && !c.hiddenHeader ? c.header() : undefined}
              >
                {c.hiddenHeader ? (
                  <span className="visually-hidden">{c.header()}</span>
                ) : c.shortHeader ? (
                  <span aria-hidden="true">{c.shortHeader()}</span>
                ) : (
                  c.header()
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          <PadRow height={win.padTop} colSpan={colSpan} />
          {win.indexes.map((index) => {
            const row = rows[index];
            if (!row) return null;
            return (
              <PagedTableRow
                key={row.id}
                index={index}
                row={row}
                columns={columns}
                multi={multi}
                selected={multi && props.selected.has(row.id)}
                onToggle={props.onToggle}
                onOpen={props.onOpen}
                className={props.rowClassName?.(row)}
                testId={testId}
              />
            );
          })}
          <PadRow height={win.padBottom} colSpan={colSpan} />
        </tbody>
      </Table>
    </div>
  );
}

interface RowProps<Row extends PagedRow> {
  index: number;
  row: Row;
  columns: readonly PagedColumn<Row>[];
  multi: boolean;
  selected: boolean;
  onToggle(id: number, shift: boolean): void;
  onOpen: ((row: Row) => void) | undefined;
  className: string | undefined;
  testId: string;
}

/** The header checkbox: checked when every row of the page is selected, mixed when some are. */
function SelectAll<Row extends PagedRow>({
  rows,
  selected,
  onToggleAll,
  testId,
}: {
  rows: readonly Row[];
  selected: ReadonlySet<number>;
  onToggleAll(state: boolean): void;
  testId: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = rows.reduce((n, r) => (selected.has(r.id) ? n + 1 : n), 0);
  const all = rows.length > 0 && count === rows.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input m-0"
      checked={all}
      aria-label={uiText().pagedList.selectAll}
      title={uiText().pagedList.selectAll}
      onChange={(e) => onToggleAll(e.target.checked)}
      data-testid={testId}
    />
  );
}

/** Elements whose own click is not a click on the row (they do something else). */
const OWN_CLICK = 'a, button, input, select, textarea, label, [role="menu"], [role="menuitem"]';

function opensRow(e: MouseEvent<HTMLElement>): boolean {
  const target = e.target as Element;
  if (target.closest(OWN_CLICK)) return false;
  // Selecting a cell's text with the mouse is not a click on the row.
  return (window.getSelection()?.toString() ?? '') === '';
}

const POINTER: CSSProperties = { cursor: 'pointer' };

function PagedTableRowImpl<Row extends PagedRow>({
  index,
  row,
  columns,
  multi,
  selected,
  onToggle,
  onOpen,
  className,
  testId,
}: RowProps<Row>) {
  const t = uiText().pagedList;
  const opens = !multi && onOpen !== undefined;
  const classes =
    [selected ? 'table-primary' : undefined, opens ? 'paged-row-open' : undefined, className]
      .filter(Boolean)
      .join(' ') || undefined;
  const onClick = multi
    ? (e: MouseEvent<HTMLElement>) => onToggle(row.id, e.shiftKey)
    : opens
      ? (e: MouseEvent<HTMLElement>) => {
          if (opensRow(e)) onOpen(row);
        }
      : undefined;
  const onKeyDown = opens
    ? (e: KeyboardEvent<HTMLElement>) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(row);
      }
    : undefined;
  return (
    <tr
      data-index={index}
      data-testid={`${testId}-row-${row.id}`}
      aria-selected={multi ? selected : undefined}
      className={classes}
      style={multi ? POINTER : undefined}
      tabIndex={opens ? 0 : undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {multi && (
        <td>
          <input
            type="checkbox"
            className="form-check-input m-0"
            checked={selected}
            aria-label={format(t.selectRow, { id: row.id })}
            onChange={() => undefined}
            onClick={(e) => {
              // The row's own click would toggle it a second time.
              e.stopPropagation();
              onToggle(row.id, e.shiftKey);
            }}
          />
        </td>
      )}
      {columns.map((c) => (
        <td key={c.id} className={columnClasses(c as PagedColumn<unknown>, true)}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  );
}

/** Memoised: selecting a row or scrolling redraws only the rows that changed or came into view. */
const PagedTableRow = memo(PagedTableRowImpl) as typeof PagedTableRowImpl;
