import type { TreeNode } from '@zaplecze/contract';
import { memo, useRef, type MouseEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';

import type { TreeRow } from '../tree-model';
import { PadRow } from '@web/ui/virtual/PadRow';
import { useWindowVirtualRows } from '@web/ui/virtual/useVirtualRows';
import { treesText } from '../texts';

/** Above this many rows a tree draws only the rows near the screen (a warehouse has thousands of places). */
export const VIRTUAL_ROWS_THRESHOLD = 500;

export interface TreeRowActions {
  onToggle(id: number): void;
  onAddChild(node: TreeNode): void;
  onEdit(node: TreeNode): void;
  onDelete(node: TreeNode): void;
  /** Multi-select: a click toggles the row, a shift-click selects the range. */
  onSelect(id: number, shift: boolean): void;
}

export interface TreeTableProps extends TreeRowActions {
  rows: readonly TreeRow[];
  /** Places show the full position (fullNumber) as a column. */
  showPosition: boolean;
  addChildLabel: string;
  /** Add-child, edit and delete buttons (the user may change the tree). */
  canEdit: boolean;
  /** Multi-select mode: a checkbox column, rows toggle on click, row buttons hidden. */
  multi: boolean;
  /** The selected ids (multi-select). */
  selected: ReadonlySet<number>;
  editingId: number | undefined;
  deletingId: number | undefined;
}

/**
 * The tree as a table (docs/rules/catalogue-and-orders-rules.md §2.10, §2.11): name indented 1 em per level with an
 * expand/collapse toggle, number, ID, (position), and per-row add-child, edit and delete. Long
 * trees draw only the rows near the screen (react-virtual, scrolling with the page).
 */
export function TreeTable(props: TreeTableProps) {
  const t = treesText().tree;
  const { rows, showPosition, canEdit, multi } = props;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const win = useWindowVirtualRows({ count: rows.length, bodyRef, threshold: VIRTUAL_ROWS_THRESHOLD });
  const actions = canEdit && !multi;
  const columns = 3 + (showPosition ? 1 : 0) + (multi ? 1 : 0) + (actions ? 1 : 0);
  return (
    <Table
      hover
      responsive
      className={`align-middle mb-0 tree-table${multi ? ' user-select-none' : ''}`}
      // Drawn in slices, an automatic layout would resize the columns while scrolling.
      style={win.enabled ? { tableLayout: 'fixed' } : undefined}
      data-testid="tree-table"
    >
      <thead>
        <tr>
          {multi && (
            <th scope="col" style={{ width: '3rem' }}>
              <span className="visually-hidden">{t.colSelect}</span>
            </th>
          )}
          <th scope="col">{t.colName}</th>
          <th scope="col" style={{ width: '15%' }}>
            {t.colNumber}
          </th>
          <th scope="col" className="text-end" style={{ width: '5rem' }}>
            {t.colId}
          </th>
          {showPosition && (
            <th scope="col" style={{ width: '20%' }}>
              {t.colPosition}
            </th>
          )}
          {actions && (
            <th scope="col" className="text-end position-relative" style={{ width: '9rem' }}>
              <span className="visually-hidden">{t.colActions}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        <PadRow height={win.padTop} colSpan={columns} />
        {win.indexes.map((index) => {
          const row = rows[index];
          if (!row) return null;
          return (
            <TreeTableRow
              key={row.node.id}
              index={index}
              row={row}
              showPosition={showPosition}
              addChildLabel={props.addChildLabel}
              actions={actions}
              multi={multi}
              selected={multi && props.selected.has(row.node.id)}
              editing={props.editingId === row.node.id}
              deleting={props.deletingId === row.node.id}
              onToggle={props.onToggle}
              onAddChild={props.onAddChild}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
              onSelect={props.onSelect}
            />
          );
        })}
        <PadRow height={win.padBottom} colSpan={columns} />
      </tbody>
    </Table>
  );
}

/** The expand toggle and the blank in its place on leaves take the same width, so names line up. */
const TOGGLE_STYLE = { display: 'inline-block', width: '1.25rem', flex: '0 0 1.25rem', lineHeight: 1 } as const;

interface RowProps extends TreeRowActions {
  /** Position in the visible rows (the virtualiser measures rows by it). */
  index: number;
  row: TreeRow;
  showPosition: boolean;
  addChildLabel: string;
  actions: boolean;
  multi: boolean;
  selected: boolean;
  editing: boolean;
  deleting: boolean;
}

/** One row; memoised, so toggling a branch or selecting a row redraws only the rows that changed. */
const TreeTableRow = memo(function TreeTableRow({
  index,
  row,
  showPosition,
  addChildLabel,
  actions,
  multi,
  selected,
  editing,
  deleting,
  onToggle,
  onAddChild,
  onEdit,
  onDelete,
  onSelect,
}: RowProps) {
  const t = treesText().tree;
  const { node, depth, hasChildren, expanded } = row;
  const stop = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <tr
      data-index={index}
      data-testid={`tree-row-${node.id}`}
      data-depth={depth}
      aria-selected={multi ? selected : undefined}
      className={selected ? 'table-primary' : editing ? 'table-warning' : undefined}
      style={multi ? { cursor: 'pointer' } : undefined}
      onClick={multi ? (e) => onSelect(node.id, e.shiftKey) : undefined}
    >
      {multi && (
        <td>
          <input
            type="checkbox"
            className="form-check-input m-0"
            checked={selected}
            aria-label={node.fullName}
            onChange={() => undefined}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(node.id, e.shiftKey);
            }}
          />
        </td>
      )}
      <td>
        <div className="d-flex align-items-center" style={{ paddingLeft: `${depth}em` }}>
          {hasChildren ? (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 me-1 text-secondary"
              style={TOGGLE_STYLE}
              aria-expanded={expanded}
              aria-label={`${expanded ? t.collapse : t.expand}: ${node.name}`}
              title={expanded ? t.collapse : t.expand}
              onClick={stop(() => onToggle(node.id))}
            >
              <i className={`bi ${expanded ? 'bi-chevron-down' : 'bi-chevron-right'}`} aria-hidden="true" />
            </button>
          ) : (
            <span className="me-1" style={TOGGLE_STYLE} aria-hidden="true" />
          )}
          <span className={`text-truncate${depth === 0 ? ' fw-semibold' : ''}`} title={node.name}>
            {node.name}
          </span>
        </div>
      </td>
      <td className="text-truncate" title={node.number}>
        {node.number}
      </td>
      <td className="text-end text-muted">{node.id}</td>
      {showPosition && (
        <td className="text-truncate" title={node.fullNumber}>
          {node.fullNumber}
        </td>
      )}
      {actions && (
        <td className="text-end text-nowrap py-1">
          <Button
            size="sm"
            variant="outline-success"
            title={addChildLabel}
            aria-label={addChildLabel}
            onClick={() => onAddChild(node)}
            data-testid={`tree-add-child-${node.id}`}
          >
            <i className="bi bi-plus-lg" aria-hidden="true" />
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            className="ms-1"
            title={t.edit}
            aria-label={t.edit}
            onClick={() => onEdit(node)}
            data-testid={`tree-edit-${node.id}`}
          >
            <i className="bi bi-pencil" aria-hidden="true" />
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            className="ms-1"
            title={t.delete}
            aria-label={t.delete}
            disabled={deleting}
            onClick={() => onDelete(node)}
            data-testid={`tree-delete-${node.id}`}
          >
            {deleting ? <Spinner animation="border" size="sm" /> : <i className="bi bi-trash" aria-hidden="true" />}
          </Button>
        </td>
      )}
    </tr>
  );
});
