import { hasPermissionForScreen } from '@zaplecze/contract';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m } from '@web/i18n';
import { CrudForm } from './CrudForm';
import { DataTable } from './DataTable';
import type { ListConfig, ListRow } from './list-config';
import { defaultActionLabel, defaultActions, listColumns, type DefaultAction } from './list-columns';
import { MultiSelectToolbar } from './MultiSelectToolbar';
import { PageSpinner } from './PageSpinner';
import { RowMenu } from './RowMenu';
import { useMultiSelect } from './useMultiSelect';
import { uiText } from './texts';

interface Props<Row extends ListRow, V extends FieldValues, B> {
  config: ListConfig<Row, V, B>;
  /** Drawn below the list (e.g. the dispatch settings under the order statuses). */
  children?: ReactNode;
}

const NO_ROWS: never[] = [];

/**
 * A simple list screen built from its configuration (docs/rules/platform-rules.md §2 Reference list screens,
 * docs/rules/catalogue-and-orders-rules.md §2.12): heading with multi-select and reader codes, the collapsible edit
 * form (only for users who may change the list), the table with edit, delete and the defaults
 * menu, each change confirmed where the spec asks and reported with the list's own toast titles.
 *
 * For small reference lists only: it loads the whole list in one request and draws every row.
 * Big tables (items, orders, warehouse changes) use ui/paged-list (server paging, virtual rows).
 */
export function ReferenceListPage<Row extends ListRow, V extends FieldValues, B>({
  config,
  children,
}: Props<Row, V, B>) {
  const texts = config.texts();
  const t = uiText().list;
  const { user } = useAuth();
  const toast = useToast();
  const modals = useModals();
  const canEdit = hasPermissionForScreen(user?.permissions ?? '', config.editPermission);

  const list = config.resource.useList();
  const create = config.resource.useCreate();
  const update = config.resource.useUpdate();
  const remove = config.resource.useRemove();
  const setOption = config.resource.useSetOption();

  const rows: readonly Row[] = list.data ?? NO_ROWS;
  const order = useMemo(() => rows.map((r) => r.id), [rows]);
  const select = useMultiSelect(order);
  const [editing, setEditing] = useState<{ id: number; values: V } | undefined>(undefined);
  const [menu, setMenu] = useState<{ row: Row; target: HTMLElement } | undefined>(undefined);

  useEffect(() => {
    if (list.error)
      toast.show('error', {
        id: `${config.id}-load-error`,
        title: texts.loadErrorTitle,
        body: errorMessage(list.error),
      });
  }, [list.error, toast, config.id, texts.loadErrorTitle]);

  const onSave = async (body: B, id: number | undefined): Promise<boolean> => {
    try {
      if (id === undefined) await create.mutateAsync(body);
      else await update.mutateAsync({ ...body, id });
      toast.success(m().toasts.saved);
      setEditing(undefined);
      return true;
    } catch (err) {
      toast.error(texts.saveErrorTitle, errorMessage(err));
      return false;
    }
  };

  const onEdit = (row: Row) => {
    setEditing({ id: row.id, values: config.form.toValues(row) });
    // The form sits at the top of the screen (docs/rules/platform-rules.md §2: edit scrolls to the top).
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onDelete = async (row: Row) => {
    const yes = await modals.confirm({
      title: texts.deleteConfirmTitle,
      message: format(texts.deleteConfirm, { name: row.name }),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(m().toasts.deleted);
      if (editing?.id === row.id) setEditing(undefined);
    } catch (err) {
      toast.error(texts.deleteErrorTitle, errorMessage(err));
    }
  };

  const onDefault = async (row: Row, action: DefaultAction) => {
    const confirm = texts.defaults?.[action.flag];
    const yes = await modals.confirm({
      title: texts.defaultConfirmTitle,
      message: format(action.kind === 'set' ? (confirm?.setConfirm ?? '') : (confirm?.removeConfirm ?? ''), {
        name: row.name,
      }),
    });
    if (!yes) return;
    try {
      await setOption.mutateAsync({ key: action.option, value: action.value });
      toast.success(m().toasts.saved);
    } catch (err) {
      toast.error(texts.defaultErrorTitle ?? texts.saveErrorTitle, errorMessage(err));
    }
  };

  const columns = listColumns(config, { multi: select.active, canEdit });
  const hasDefaults = canEdit && (config.defaults?.length ?? 0) > 0;
  const menuItems = menu
    ? defaultActions(menu.row, config.defaults).map((a) => ({
        id: `${a.kind}-${a.flag}`,
        label: defaultActionLabel(a),
        icon: a.kind === 'set' ? 'bi-star-fill' : 'bi-star',
        onSelect: () => void onDefault(menu.row, a),
      }))
    : [];

  return (
    <div data-testid={`${config.id}-page`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto d-flex align-items-center gap-2">
          <i className={`bi ${config.icon} text-secondary`} aria-hidden="true" />
          {texts.title}
        </h1>
        {config.codes && rows.length > 0 && (
          <MultiSelectToolbar select={select} codesKind={config.codes.kind} fileName={config.codes.fileName} />
        )}
      </div>
      {!canEdit && (
        <Alert variant="secondary" className="d-flex align-items-center gap-2 py-2" data-testid="list-read-only">
          <i className="bi bi-lock" aria-hidden="true" />
          {t.readOnly}
        </Alert>
      )}
      {canEdit && (
        <CrudForm
          id={config.id}
          schema={config.form.schema}
          empty={config.form.empty}
          editing={editing}
          fields={config.form.fields}
          headings={{ add: texts.addHeading, edit: texts.editHeading }}
          onSave={onSave}
          onCancel={() => setEditing(undefined)}
        />
      )}
      <Card className="shadow-sm mb-3">
        {list.isPending ? (
          <PageSpinner />
        ) : list.error ? (
          <Alert variant="danger" className="m-3 d-flex flex-wrap align-items-center gap-2" data-testid="list-error">
            <span className="me-auto">{errorMessage(list.error)}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void list.refetch()}>
              {t.retry}
            </Button>
          </Alert>
        ) : (
          <DataTable
            config={config}
            columns={columns}
            rows={rows}
            empty={texts.empty}
            multi={select.active}
            isSelected={select.isSelected}
            onToggle={select.toggle}
            editingId={editing?.id}
            deletingId={remove.isPending ? remove.variables : undefined}
            onEdit={onEdit}
            onDelete={(row) => void onDelete(row)}
            onMenu={
              hasDefaults
                ? (row, target) => setMenu((open) => (open?.row.id === row.id ? undefined : { row, target }))
                : undefined
            }
          />
        )}
      </Card>
      <RowMenu
        target={menu?.target ?? null}
        items={menuItems}
        label={t.defaultsMenu}
        onClose={() => setMenu(undefined)}
        testId={`${config.id}-row-menu`}
      />
      {children}
    </div>
  );
}
