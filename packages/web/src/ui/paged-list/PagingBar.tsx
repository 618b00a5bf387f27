import { PER_PAGE_OPTIONS, type PerPage } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { format, formatInteger } from '@web/i18n';
import { uiText } from '../texts';

export interface PagingBarProps {
  page: number;
  pages: number;
  /** Rows on this page. */
  shown: number;
  /** Rows matching the search. */
  count: number;
  noun: string;
  onPage(page: number): void;
  /** With it, a page-size choice of PER_PAGE_OPTIONS is offered. */
  perPage?: number;
  onPerPage?(perPage: PerPage): void;
  refreshing?: boolean;
  /** 'top' or 'bottom': the bar is drawn above and below the table. */
  position: 'top' | 'bottom';
  testId: string;
}

/** Previous / next, 'Strona X / Y', 'Wyświetlanie N z M {noun}' and the page size. */
export function PagingBar(props: PagingBarProps) {
  const t = uiText().pagedList;
  const { page, pages, position, testId } = props;
  const id = `${testId}-paging-${position}`;
  return (
    <nav
      className="d-flex flex-wrap align-items-center gap-2 my-2"
      aria-label={`${t.navLabel} (${position === 'top' ? 1 : 2})`}
      data-testid={id}
    >
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={page <= 1}
        onClick={() => props.onPage(page - 1)}
        aria-label={t.previousLabel}
        data-testid={`${id}-previous`}
      >
        <i className="bi bi-chevron-left me-1" aria-hidden="true" />
        {t.previous}
      </Button>
      <span className="text-nowrap" data-testid={`${id}-page`}>
        {format(t.page, { page: formatInteger(page), pages: formatInteger(pages) })}
      </span>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={page >= pages}
        onClick={() => props.onPage(page + 1)}
        aria-label={t.nextLabel}
        data-testid={`${id}-next`}
      >
        {t.next}
        <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
      </Button>
      {props.refreshing && <Spinner animation="border" size="sm" role="status" aria-label={t.refreshing} />}
      <span className="text-muted ms-auto" data-testid={`${id}-showing`}>
        {format(t.showing, { shown: formatInteger(props.shown), count: formatInteger(props.count), noun: props.noun })}
      </span>
      {props.onPerPage && props.perPage !== undefined && (
        <PerPageSelect id={`${id}-per-page`} value={props.perPage} onChange={props.onPerPage} label={t.perPage} />
      )}
    </nav>
  );
}

function PerPageSelect(p: { id: string; value: number; onChange(n: PerPage): void; label: string }) {
  return (
    <Form.Select
      size="sm"
      className="w-auto"
      id={p.id}
      aria-label={p.label}
      title={p.label}
      value={p.value}
      onChange={(e) => {
        const n = PER_PAGE_OPTIONS.find((o) => String(o) === e.target.value);
        if (n !== undefined) p.onChange(n);
      }}
      data-testid={p.id}
    >
      {PER_PAGE_OPTIONS.map((n) => (
        <option key={n} value={n}>
          {formatInteger(n)}
        </option>
      ))}
    </Form.Select>
  );
}
