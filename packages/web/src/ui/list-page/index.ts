export { ListHeader, type ListHeaderProps, type ListHeaderTexts } from './ListHeader';
export { QuickSearch, type QuickSearchProps } from './QuickSearch';
export { SearchField, SearchPanel, SearchPanelForm, SortPageSizeFields } from './SearchPanel';
export { BusyIcon, MassEditDeleteButtons, ReaderCodeButtons, SelectionPanel } from './SelectionPanel';
export { rowActionsColumn, type RowActionsOptions } from './RowActions';
export { useMassActions, type MassActionsTexts } from './useMassActions';
export { ListAction, ListPage, type ListPageProps } from './ListPage';
