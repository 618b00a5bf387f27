import type { WarehouseChange } from '@zaplecze/contract';
import type { MouseEvent } from 'react';
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Spinner from 'react-bootstrap/Spinner';
import Tooltip from 'react-bootstrap/Tooltip';
import { Link } from 'react-router';
import { format } from '@web/i18n';
import type { PagedColumn } from '@web/ui/paged-list';
import { formatDateTime, formatQuantity, formatStockChange } from '../format';
import { warehouseChangesText } from '../texts';

export interface ColumnActions {
  canEdit: boolean;
  /** The id whose commit or delete is under way. */
  busyId: number | undefined;
  onCommit(row: WarehouseChange): void;
  onDelete(row: WarehouseChange): void;
}

/** A click inside a row's link or button must not toggle the row's selection too. */
const own = (e: MouseEvent) => e.stopPropagation();

/** The columns of the warehouse-changes table (the selection marker comes from PagedList). */
export function warehouseColumns(a: ColumnActions): PagedColumn<WarehouseChange>[] {
  const t = warehouseChangesText();
  const columns: PagedColumn<WarehouseChange>[] = [
    { id: 'id', header: () => t.list.colId, cell: (r) => r.id, width: '3.5rem' },
    {
      id: 'order',
      header: () => t.list.colOrder,
      width: '4.5rem',
      cell: (r) =>
        r.order ? (
          <Link to={`/orders/${r.order.id}`} onClick={own} data-testid={`change-order-${r.id}`}>
            {r.order.id}
          </Link>
        ) : null,
    },
    {
      id: 'item',
      header: () => t.list.colItem,
      cellClassName: 'text-truncate',
      cell: (r) => (
        <span title={`${r.item.code} ${r.item.name}`} data-testid={`change-item-${r.id}`}>
          {r.item.id !== null ? (
            <Link to={`/items/${r.item.id}`} onClick={own} className="fw-semibold">
              {r.item.code}
            </Link>
          ) : (
            <span className="fw-semibold">{r.item.code}</span>
          )}{' '}
          <span className="text-muted">{r.item.name}</span>
        </span>
      ),
    },
    {
      id: 'type',
      header: () => t.list.colType,
      width: '8rem',
      cellClassName: 'text-truncate',
      cell: (r) => <span title={t.types[r.type]}>{t.types[r.type]}</span>,
    },
    {
      id: 'quantity',
      header: () => t.list.colQuantity,
      width: '4.5rem',
      className: 'text-end',
      cell: (r) => (
        <span className={r.quantity >= 0 ? 'text-success' : 'text-danger'} data-testid={`change-quantity-${r.id}`}>
          {formatQuantity(r.quantity)}
        </span>
      ),
    },
    {
      id: 'change',
      header: () => t.list.colChange,
      width: '6rem',
      className: 'text-end',
      cell: (r) => <span data-testid={`change-stock-${r.id}`}>{formatStockChange(r.qtyBefore, r.qtyAfter)}</span>,
    },
    {
      id: 'changeDate',
      header: () => t.list.colChangeDate,
      width: '9.25rem',
      cellClassName: 'small text-truncate',
      cell: (r) => <span title={formatDateTime(r.changeDate)}>{formatDateTime(r.changeDate, false)}</span>,
    },
    {
      id: 'commitDate',
      header: () => t.list.colCommitDate,
      width: '9.25rem',
      cellClassName: 'small text-truncate',
      cell: (r) =>
        r.commited ? (
          <span title={formatDateTime(r.commitDate)} data-testid={`change-commit-date-${r.id}`}>
            {formatDateTime(r.commitDate, false)}
          </span>
        ) : (
          <span className="badge text-bg-warning" data-testid={`change-commit-date-${r.id}`}>
            {t.list.notCommitted}
          </span>
        ),
    },
  ];
  if (!a.canEdit) return columns;
  columns.push({
    id: 'actions',
    header: () => t.list.colActions,
    hiddenHeader: true,
    width: '5.5rem',
    className: 'text-end',
    cell: (r) =>
      a.busyId === r.id ? (
        <Spinner animation="border" size="sm" />
      ) : (
        <div className="d-inline-flex gap-1">
          {!r.commited && (
            <Button
              size="sm"
              variant="outline-success"
              title={t.actions.commit}
              aria-label={format(t.actions.commitLabel, { id: r.id })}
              onClick={(e) => {
                own(e);
                a.onCommit(r);
              }}
              data-testid={`change-commit-${r.id}`}
            >
              <i className="bi bi-check-lg" aria-hidden="true" />
            </Button>
          )}
          <OverlayTrigger
            placement="left"
            overlay={<Tooltip id={`change-delete-hint-${r.id}`}>{t.actions.deleteHint}</Tooltip>}
          >
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={format(t.actions.deleteLabel, { id: r.id })}
              onClick={(e) => {
                own(e);
                a.onDelete(r);
              }}
              data-testid={`change-delete-${r.id}`}
            >
              <i className="bi bi-trash" aria-hidden="true" />
            </Button>
          </OverlayTrigger>
        </div>
      ),
  });
  return columns;
}
