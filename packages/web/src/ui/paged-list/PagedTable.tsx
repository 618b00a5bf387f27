import { memo, useRef, type CSSProperties } from 'react';
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
  /** Highest height of the scrolling box (CSS); the header sticks to its top. */
  maxHeight?: string;
  /** First guess of a row's height in px; one drawn row is measured after. */
  rowHeight?: number;
  /** Narrowest width of the table (CSS): below it the box scrolls sideways instead of squeezing columns without a width. */
  minWidth?: string;
  rowClassName?(row: Row): string | undefined;
  testId: string;
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
                <span className="visually-hidden">{t.colSelect}</span>
              </th>
            )}
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.className} style={c.width ? { width: c.width } : undefined}>
                {c.hiddenHeader ? <span className="visually-hidden">{c.header()}</span> : c.header()}
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
  className: string | undefined;
  testId: string;
}

const POINTER: CSSProperties = { cursor: 'pointer' };

function PagedTableRowImpl<Row extends PagedRow>({
  index,
  row,
  columns,
  multi,
  selected,
  onToggle,
  className,
  testId,
}: RowProps<Row>) {
  const t = uiText().pagedList;
  const classes = [selected ? 'table-primary' : undefined, className].filter(Boolean).join(' ') || undefined;
  return (
    <tr
      data-index={index}
      data-testid={`${testId}-row-${row.id}`}
      aria-selected={multi ? selected : undefined}
      className={classes}
      style={multi ? POINTER : undefined}
      onClick={multi ? (e) => onToggle(row.id, e.shiftKey) : undefined}
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
        <td key={c.id} className={[c.className, c.cellClassName].filter(Boolean).join(' ') || undefined}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  );
}

/** Memoised: selecting a row or scrolling redraws only the rows that changed or came into view. */
const PagedTableRow = memo(PagedTableRowImpl) as typeof PagedTableRowImpl;
