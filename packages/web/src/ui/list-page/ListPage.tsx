import type { PerPage } from '@zaplecze/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PagedList, type PagedColumn, type PagedListState, type PagedListTexts, type PagedRow } from '../paged-list';
import { RowMenu, type RowMenuItem } from '../RowMenu';
import { ListHeader, type ListHeaderProps } from './ListHeader';

export interface ListPageProps<Row extends PagedRow> {
  /** Prefix of test ids, e.g. 'items'. */
  testId: string;
  header: Omit<ListHeaderProps, 'testId' | 'selecting' | 'onSelectStart' | 'onSelectEnd'>;
  /** The user can do something with a selection (else no multi-select is offered). */
  canSelect: boolean;
  /** The selection panel, shown in multi-select mode. */
  selection: ReactNode;
  list: PagedListState<Row>;
  columns: readonly PagedColumn<Row>[];
  texts: PagedListTexts;
  /** Opens a row (its page) on a click or Enter. */
  onOpen(row: Row): void;
  onPage(page: number): void;
  onPerPage(perPage: PerPage): void;
  /** The one row menu: where it is open (null: closed), its entries and name. */
  menu: { target: HTMLElement | null; items: readonly RowMenuItem[]; label: string; onClose(): void };
  /** The search panel and the list's dialogs. */
  children?: ReactNode;
}

/**
 * THE page of a big list (items, orders; the plugins' logs later): the head with the quick search
 * and the multi-select switch, the selection panel, the paged table whose rows open on a click,
 * the one row menu, then the list's search panel and dialogs.
 */
export function ListPage<Row extends PagedRow>(p: ListPageProps<Row>) {
  const select = p.list.select;
  return (
    <>
      <ListHeader
        {...p.header}
        testId={p.testId}
        selecting={select.active}
        onSelectStart={p.canSelect ? select.start : undefined}
        onSelectEnd={select.end}
      />
      {select.active && p.selection}
      <PagedList
        list={p.list}
        columns={p.columns}
        texts={p.texts}
        minWidth="20rem"
        onOpen={p.onOpen}
        onPage={p.onPage}
        onPerPage={p.onPerPage}
        testId={p.testId}
      />
      <RowMenu
        target={p.menu.target}
        items={p.menu.items}
        label={p.menu.label}
        onClose={p.menu.onClose}
        testId={`${p.testId}-row-menu`}
      />
      {p.children}
    </>
  );
}

/** A button-styled link of a list's head (add, generate). */
export function ListAction(p: { to: string; icon: string; label: string; testId: string; primary?: boolean }) {
  return (
    <Link to={p.to} className={`btn ${p.primary ? 'btn-primary' : 'btn-outline-primary'}`} data-testid={p.testId}>
      <i className={`bi ${p.icon} me-1`} aria-hidden="true" />
      {p.label}
    </Link>
  );
}
