import type { MouseEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { FieldValues } from 'react-hook-form';
import { format } from '@web/i18n';
import { ColorBadge } from './ColorBadge';
import type { ListConfig, ListRow } from './list-config';
import { defaultBadgeText, type TableColumn } from './list-columns';
import { uiText } from './texts';

export interface DataTableProps<Row extends ListRow, V extends FieldValues, B> {
  config: ListConfig<Row, V, B>;
  columns: readonly TableColumn[];
  rows: readonly Row[];
  empty: string;
  /** Multi-select mode: a row click toggles it, a shift-click selects the range. */
  multi: boolean;
  isSelected(id: number): boolean;
  onToggle(id: number, shift: boolean): void;
  /** The row being edited (highlighted) and the one being deleted (spinner). */
  editingId: number | undefined;
  deletingId: number | undefined;
  onEdit(row: Row): void;
  onDelete(row: Row): void;
  /** Opens the shared defaults menu at the row's button (lists with defaults only). */
  onMenu?(row: Row, button: HTMLElement): void;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * The table of a simple list: plain rows (no per-row dropdowns or tooltips), so even a long list
 * draws quickly. The name cell carries the colour badge and the default tags.
 */
export function DataTable<Row extends ListRow, V extends FieldValues, B>({
  config,
  columns,
  rows,
  empty,
  multi,
  isSelected,
  onToggle,
  editingId,
  deletingId,
  onEdit,
  onDelete,
  onMenu,
}: DataTableProps<Row, V, B>) {
  const t = uiText().list;
  const extra = new Map((config.columns ?? []).map((c) => [c.id, c]));
  const hasColor = config.form.fields.some((f) => f.kind === 'color');

  const cell = (col: TableColumn, row: Row) => {
    switch (col.id) {
      case 'select':
        return (
          <input
            type="checkbox"
            className="form-check-input"
            checked={isSelected(row.id)}
            readOnly
            aria-label={format(t.selectRow, { name: row.name })}
            data-testid="row-select"
          />
        );
      case 'id':
        return row.id;
      case 'name':
        return (
          <div className="d-flex flex-wrap align-items-center gap-2">
            {hasColor ? (
              <ColorBadge color={row.color ?? ''} className="fs-6" testId="row-badge">
                {row.name}
              </ColorBadge>
            ) : (
              <span className="fw-medium" data-testid="row-name">
                {row.name}
              </span>
            )}
            {config.defaults?.map(({ flag }) =>
              row[flag] ? (
                <span
                  key={flag}
                  className={`badge ${flag === 'isDefault' ? 'text-bg-primary' : 'text-bg-info'}`}
                  data-testid={`row-${flag}`}
                >
                  <i className={`bi ${flag === 'isDefault' ? 'bi-star-fill' : 'bi-shop'} me-1`} aria-hidden="true" />
                  {defaultBadgeText(flag)}
                </span>
              ) : null,
            )}
          </div>
        );
      case 'actions': {
        const deleting = deletingId === row.id;
        return (
          <div className="d-inline-flex gap-2" onClick={stop}>
            {onMenu && (
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={t.defaultsMenu}
                title={t.defaultsMenu}
                aria-haspopup="menu"
                onClick={(e) => {
                  e.stopPropagation();
                  onMenu(row, e.currentTarget);
                }}
                data-testid="row-menu"
              >
                <i className="bi bi-star" aria-hidden="true" />
              </Button>
            )}
            <Button
              size="sm"
              variant="outline-primary"
              aria-label={t.edit}
              title={t.edit}
              onClick={() => onEdit(row)}
              data-testid="row-edit"
            >
              <i className="bi bi-pencil" aria-hidden="true" />
              <span className="d-none d-lg-inline ms-1">{t.edit}</span>
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={t.delete}
              title={t.delete}
              disabled={deleting}
              onClick={() => onDelete(row)}
              data-testid="row-delete"
            >
              {deleting ? <Spinner animation="border" size="sm" /> : <i className="bi bi-trash" aria-hidden="true" />}
              <span className="d-none d-lg-inline ms-1">{t.delete}</span>
            </Button>
          </div>
        );
      }
      default:
        return extra.get(col.id)?.cell(row);
    }
  };

  return (
    <Table
      hover
      responsive
      className={`align-middle mb-0${multi ? ' user-select-none' : ''}`}
      data-testid={`${config.id}-table`}
    >
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={`${c.className ?? ''} position-relative`.trim()}>
              {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length} className="text-center text-muted py-4" data-testid={`${config.id}-empty`}>
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => {
          const selected = multi && isSelected(row.id);
          return (
            <tr
              key={row.id}
              data-testid="list-row"
              data-id={row.id}
              data-selected={multi ? selected : undefined}
              className={
                `${selected ? 'table-primary' : ''}${editingId === row.id ? ' table-warning' : ''}`.trim() || undefined
              }
              style={multi ? { cursor: 'pointer' } : undefined}
              onClick={multi ? (e) => onToggle(row.id, e.shiftKey) : undefined}
            >
              {columns.map((c) => (
                <td key={c.id} className={[c.className, c.cellClassName].filter(Boolean).join(' ') || undefined}>
                  {cell(c, row)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
