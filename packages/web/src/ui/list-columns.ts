import type { DefaultFlag, DefaultSpec, ListConfig, ListRow } from './list-config';
import type { FieldValues } from 'react-hook-form';
import { uiText } from './texts';

/** A column of the list table as drawn: its id, header text and classes. */
export interface TableColumn {
  id: string;
  header: string;
  className?: string;
  /** Classes of the body cells only. */
  cellClassName?: string;
  /** The header is read by screen readers only (checkbox and button columns). */
  hiddenHeader?: boolean;
}

export interface ColumnState {
  /** Multi-select mode: a checkbox column comes first. */
  multi: boolean;
  /** The user may change the list: the actions column (edit, delete, defaults) is shown. */
  canEdit: boolean;
}

/**
 * The columns of a list (docs/rules/platform-rules.md §2 Reference list screens): [selection], ID, name, the
 * config's own columns, [actions]. Pure, so the layout of every list is tested in one place.
 */
export function listColumns<Row extends ListRow, V extends FieldValues, B>(
  config: Pick<ListConfig<Row, V, B>, 'columns'>,
  { multi, canEdit }: ColumnState,
): TableColumn[] {
  const t = uiText().list;
  const cols: TableColumn[] = [];
  if (multi) cols.push({ id: 'select', header: t.colSelect, className: 'text-center', hiddenHeader: true });
  cols.push({ id: 'id', header: t.colId, className: 'text-end text-nowrap' });
  cols.push({ id: 'name', header: t.colName });
  for (const c of config.columns ?? [])
    cols.push({ id: c.id, header: c.header(), className: c.className, cellClassName: c.cellClassName });
  if (canEdit)
    cols.push({ id: 'actions', header: t.colActions, className: 'text-end text-nowrap', hiddenHeader: true });
  return cols;
}

/** One entry of the defaults menu of a row: set the default to this row, or remove it. */
export interface DefaultAction {
  flag: DefaultFlag;
  option: DefaultSpec['option'];
  kind: 'set' | 'remove';
  /** The option's new value: the row id, or '' (no default). */
  value: string;
}

/**
 * The defaults menu of a row (docs/rules/catalogue-and-orders-rules.md §2.12, §4 Defaults): for each default of the
 * list, 'set' when the row is not that default, 'remove' when it is.
 */
export function defaultActions(row: ListRow, specs: readonly DefaultSpec[] = []): DefaultAction[] {
  return specs.map(({ flag, option }) =>
    row[flag] ? { flag, option, kind: 'remove', value: '' } : { flag, option, kind: 'set', value: String(row.id) },
  );
}

/** The menu label of a default action. */
export function defaultActionLabel(action: Pick<DefaultAction, 'flag' | 'kind'>): string {
  const t = uiText().list;
  if (action.flag === 'isDefault') return action.kind === 'set' ? t.setDefault : t.removeDefault;
  return action.kind === 'set' ? t.setDefaultStationary : t.removeDefaultStationary;
}

/** The badge text of a default flag ('Domyślny', 'Domyślny stacjonarny'). */
export function defaultBadgeText(flag: DefaultFlag): string {
  const t = uiText().list;
  return flag === 'isDefault' ? t.defaultBadge : t.defaultStationaryBadge;
}
