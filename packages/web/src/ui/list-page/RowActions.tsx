import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { PagedColumn, PagedRow } from '../paged-list';

export interface RowActionsOptions<Row extends PagedRow> {
  /** Prefix of test ids: item-edit, item-delete, item-menu. */
  testId: string;
  /** The edit page of a row. */
  editPath(row: Row): string;
  /** The user may change the list: the delete button is drawn, and the edit page is for editing (else a view). */
  canEdit: boolean;
  /** Whether the row's menu has anything for this user (no empty menus). */
  hasMenu(row: Row): boolean;
  /** The id of the row being deleted (its button shows a spinner). */
  deletingId: number | undefined;
  onDelete(row: Row): void;
  onMenu(row: Row, button: HTMLElement): void;
  /** The menu button's accessible name ('Akcje towaru KUB-1'). */
  menuLabel(row: Row): string;
  texts: { colActions: string; edit: string; delete: string; menu: string; view: string };
}

/**
 * The last column of a big list: edit, delete (for users who may) and the row menu. It stays at
 * the right edge while a narrow table scrolls sideways, so the actions are always in reach.
 */
export function rowActionsColumn<Row extends PagedRow>(o: RowActionsOptions<Row>): PagedColumn<Row> {
  const t = o.texts;
  return {
    id: 'actions',
    header: () => t.colActions,
    hiddenHeader: true,
    width: o.canEdit ? '7.5rem' : '5.25rem',
    className: 'text-end',
    stickyEnd: true,
    cell: (r) => (
      <div className="d-inline-flex gap-1">
        {o.canEdit ? (
          <Link
            to={o.editPath(r)}
            className="btn btn-sm btn-outline-primary"
            title={t.edit}
            aria-label={t.edit}
            data-testid={`${o.testId}-edit`}
          >
            <i className="bi bi-pencil" aria-hidden="true" />
          </Link>
        ) : (
          <Link
            to={o.editPath(r)}
            className="btn btn-sm btn-outline-primary"
            title={t.view}
            aria-label={t.view}
            data-testid={`${o.testId}-view`}
          >
            <i className="bi bi-eye" aria-hidden="true" />
          </Link>
        )}
        {o.canEdit && (
          <Button
            size="sm"
            variant="outline-danger"
            title={t.delete}
            aria-label={t.delete}
            disabled={o.deletingId === r.id}
            onClick={() => o.onDelete(r)}
            data-testid={`${o.testId}-delete`}
          >
            {o.deletingId === r.id ? (
              <Spinner animation="border" size="sm" />
            ) : (
              <i className="bi bi-trash" aria-hidden="true" />
            )}
          </Button>
        )}
        {o.hasMenu(r) && (
          <Button
            size="sm"
            variant="outline-secondary"
            title={t.menu}
            aria-label={o.menuLabel(r)}
            onClick={(e) => {
              e.stopPropagation();
              o.onMenu(r, e.currentTarget);
            }}
            data-testid={`${o.testId}-menu`}
          >
            <i className="bi bi-three-dots-vertical" aria-hidden="true" />
          </Button>
        )}
      </div>
    ),
  };
}
