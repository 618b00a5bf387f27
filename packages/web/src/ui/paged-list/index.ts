/** The big-list building blocks (see docs/ARCHITECTURE.md, "Big lists"). */
export { PagedList, type PagedListProps } from './PagedList';
export { PagedTable, type PagedTableProps } from './PagedTable';
export { PagingBar, type PagingBarProps } from './PagingBar';
export { usePagedList, type PagedListState, type UsePagedListOptions } from './usePagedList';
export type { PageAnswer, PagedColumn, PagedListTexts, PagedRow } from './types';
export { readListDefaults, saveListDefaults, type ListDefaults } from './list-defaults';
