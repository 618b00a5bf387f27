import type { PerPage } from '@zaplecze/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { errorMessage } from '@web/platform/api';
import { PageSpinner } from '../PageSpinner';
import { uiText } from '../texts';
import { PagedTable } from './PagedTable';
import { PagingBar } from './PagingBar';
import type { PagedColumn, PagedListTexts, PagedRow } from './types';
import type { PagedListState } from './usePagedList';

export interface PagedListProps<Row extends PagedRow> {
  /** What usePagedList returned. */
  list: PagedListState<Row>;
  columns: readonly PagedColumn<Row>[];
  texts: PagedListTexts;
  /** Go to a page (usually: write it into the URL state). */
  onPage(page: number): void;
  /** With it, the paging bars offer the page sizes of PER_PAGE_OPTIONS. */
  onPerPage?(perPage: PerPage): void;
  rowClassName?(row: Row): string | undefined;
  /** Opens a row (its edit page) on a click on the row or Enter; not in multi-select mode. */
  onOpen?(row: Row): void;
  /** Highest height of the table's scrolling box (CSS, default 70vh). */
  maxHeight?: string;
  rowHeight?: number;
  /** Narrowest width of the table (CSS), for lists with a flexible column. */
  minWidth?: string;
  /** Prefix of test ids, e.g. 'items'. */
  testId: string;
}

/**
 * A big list (items, orders, warehouse changes): paging bars above and below, the table with
 * virtual rows and multi-select in between, the caller's loading and empty texts. Each list is
 * a configuration: its columns, texts and the usePagedList that fetches its pages.
 */
export function PagedList<Row extends PagedRow>(props: PagedListProps<Row>) {
  const { list, texts, testId } = props;
  const bar = (position: 'top' | 'bottom') => (
    <PagingBar
      position={position}
      page={list.page}
      pages={list.pages}
      shown={list.rows.length}
      count={list.count}
      noun={texts.noun}
      onPage={props.onPage}
      perPage={list.perPage}
      onPerPage={props.onPerPage}
      refreshing={position === 'top' && list.refreshing}
      testId={testId}
    />
  );
  return (
    <div data-testid={`${testId}-list`}>
      {bar('top')}
      <Card className="shadow-sm">
        {list.loading ? (
          (texts.loading ?? <PageSpinner />)
        ) : list.error && list.rows.length === 0 ? (
          <Alert
            variant="danger"
            className="m-3 d-flex flex-wrap align-items-center gap-2"
            data-testid={`${testId}-error`}
          >
            <span className="me-auto">{errorMessage(list.error)}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void list.query.refetch()}>
              {uiText().pagedList.retry}
            </Button>
          </Alert>
        ) : list.rows.length === 0 ? (
          <div className="text-center text-muted py-4" data-testid={`${testId}-empty`}>
            {texts.empty}
          </div>
        ) : (
          <div style={list.refreshing ? { opacity: 0.6 } : undefined} aria-busy={list.refreshing}>
            <PagedTable
              columns={props.columns}
              rows={list.rows}
              multi={list.select.active}
              selected={list.select.selected}
              onToggle={list.select.toggle}
              onToggleAll={list.select.setAll}
              onOpen={props.onOpen}
              rowClassName={props.rowClassName}
              maxHeight={props.maxHeight}
              rowHeight={props.rowHeight}
              minWidth={props.minWidth}
              testId={testId}
            />
          </div>
        )}
      </Card>
      {bar('bottom')}
    </div>
  );
}
