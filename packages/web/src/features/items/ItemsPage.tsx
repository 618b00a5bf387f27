import {
  hasPermissionForScreen,
  LIST_STORAGE_KEYS,
  TOAST,
  type ItemRow,
  type MassResult,
  type PerPage,
} from '@zaplecze/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@web/app/api';
import { useAuth } from '@web/app/auth/AuthProvider';
import { useModals } from '@web/app/modals/ModalProvider';
import { useToast } from '@web/app/toasts/ToastProvider';
import { format, pluralPl } from '@web/i18n';
import { massFailure } from '@web/ui/batches';
import { PagedList, usePagedList } from '@web/ui/paged-list';
import { ReportDialog } from '@web/ui/ReportDialog';
import { reportText } from '@web/ui/report';
import { RowMenu, type RowMenuItem } from '@web/ui/RowMenu';
import { useUrlState } from '@web/ui/url-state';
import { itemColumns } from './components/itemColumns';
import { ItemsSearchPanel } from './components/ItemsSearchPanel';
import { ItemsSelectionPanel } from './components/ItemsSelectionPanel';
import { PhotoViewer } from './components/PhotoViewer';
import { massDeleteReport } from './format';
import { fetchItemsPage, itemKeys, useCopyItem, useDeleteItem, useMassDeleteItems } from './items.api';
import { proposeCopyCode } from './free-code';
import { storeMassEditSelection } from './mass-edit-selection';
import { activeFilterCount, itemUrlSchema, readListDefaults, saveListDefaults, type ItemCriteria } from './search';
import { itemsText } from './texts';

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * /items: the item list (docs/rules/catalogue-and-orders-rules.md §2.1) with its slide-out search (§2.2), photo viewer,
 * row actions and multi-select (reader codes, mass edit, mass delete). The search lives in the URL.
 */
export default function ItemsPage() {
  const t = itemsText().list;
  const ts = itemsText().select;
  const toast = useToast();
  const modals = useModals();
  const navigate = useNavigate();
  const { user } = useAuth();
  const permissions = user?.permissions ?? '';
  const canEdit = hasPermissionForScreen(permissions, 'main.items.edit');
  const orgPrefix = user?.organization.prefix ?? '';

  // The remembered sort and page size are the defaults of this visit's searches.
  const [schema] = useState(() => itemUrlSchema(readListDefaults(local())));
  const url = useUrlState(schema, { storageKey: LIST_STORAGE_KEYS.items.lastSearch });
  const list = usePagedList({ queryKey: itemKeys.list(), criteria: url.value, fetchPage: fetchItemsPage });
  const select = list.select;
  const [searching, setSearching] = useState(false);
  const [menu, setMenu] = useState<{ row: ItemRow; target: HTMLElement } | null>(null);
  const remove = useDeleteItem();
  const copy = useCopyItem();
  const massDelete = useMassDeleteItems();

  useEffect(() => {
    if (list.error) toast.show('error', { id: 'items-load', title: t.loadErrorTitle, body: errorMessage(list.error) });
  }, [list.error, toast, t]);

  const search = (c: ItemCriteria) => {
    saveListDefaults(local(), { sort: c.sort, perPage: c.perPage as PerPage });
    url.set(c);
    setSearching(false);
  };

  const onDelete = async (row: ItemRow) => {
    const yes = await modals.confirm({ title: t.deleteTitle, message: format(t.deleteConfirm, { code: row.code }) });
    if (!yes) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(t.deletedTitle, format(t.deleted, { code: row.code }));
    } catch (err) {
      toast.error(t.deleteErrorTitle, errorMessage(err), TOAST.downloadErrorSeconds);
    }
  };

  const onCopy = async (row: ItemRow) => {
    const answer = await modals.prompt({
      title: t.copyTitle,
      label: t.copyLabel,
      initial: await proposeCopyCode(row.code),
    });
    if (answer === undefined) return;
    const newCode = answer.trim().toUpperCase();
    if (newCode === '') return;
    try {
      const copied = await copy.mutateAsync({ id: row.id, newCode });
      toast.success(t.copiedTitle, format(t.copied, { code: copied.code }));
    } catch (err) {
      toast.error(format(t.copyErrorTitle, { code: newCode }), errorMessage(err), TOAST.downloadErrorSeconds);
    }
  };

  // Handlers through a ref: the columns (and so the memoised rows) change only with the mode.
  const handlers = useRef({ onDelete, onCopy });
  handlers.current = { onDelete, onCopy };
  const deletingId = remove.isPending ? remove.variables : undefined;
  const columns = useMemo(
    () =>
      itemColumns({
        multi: select.active,
        orgPrefix,
        canEdit,
        deletingId,
        onPhotos: (row) => void modals.open(PhotoViewer, { itemId: row.id, code: row.code, orgPrefix }, row.code),
        onMenu: (row, target) => setMenu({ row, target }),
        onDelete: (row) => void handlers.current.onDelete(row),
      }),
    [select.active, orgPrefix, canEdit, deletingId, modals],
  );

  const menuItems: RowMenuItem[] = [];
  if (menu && canEdit) {
    const row = menu.row;
    menuItems.push({ id: 'copy', label: t.copy, icon: 'bi-copy', onSelect: () => void handlers.current.onCopy(row) });
  }
  const externalUrl = menu?.row.externalData?.url;
  if (externalUrl) {
    menuItems.push({
      id: 'external',
      label: t.openExternal,
      icon: 'bi-box-arrow-up-right',
      onSelect: () => window.open(externalUrl, '_blank', 'noopener,noreferrer'),
    });
  }

  const codeById = useMemo(() => new Map(list.rows.map((r) => [r.id, r.code])), [list.rows]);
  const selectedCodes = select.selectedIds.map((id) => codeById.get(id) ?? '');

  const onMassEdit = () => {
    if (select.selectedIds.length === 0) {
      toast.warning(ts.massEditEmptyTitle, ts.massEditEmpty, 6);
      return;
    }
    storeMassEditSelection(sessionStorage, { ids: select.selectedIds, codes: selectedCodes });
    void navigate('/items/mass-edit');
  };

  const onMassDelete = async () => {
    const ids = select.selectedIds;
    if (ids.length === 0) {
      toast.warning(ts.nothingTitle, ts.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    const yes = await modals.confirm({
      title: ts.deleteTitle,
      message: format(pluralPl(ids.length, ts.deleteConfirm), { n: ids.length }),
    });
    if (!yes) return;
    let result;
    try {
      result = await massDelete.mutateAsync(ids);
    } catch (err) {
      const failed = massFailure<MassResult>(err);
      toast.error(ts.deleteErrorTitle, errorMessage(failed.cause), TOAST.downloadErrorSeconds);
      result = failed.done;
    }
    select.end();
    if (result) {
      await modals.open(
        ReportDialog,
        { text: reportText(massDeleteReport(result, ts)), fileName: 'items_mass_delete.txt' },
        ts.reportTitle,
      );
    }
  };

  const filters = activeFilterCount(url.value);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t.heading}</h1>
        <Button variant="outline-secondary" onClick={() => setSearching(true)} data-testid="items-search-open">
          <i className="bi bi-funnel me-1" aria-hidden="true" />
          {t.search}
          {filters > 0 && (
            <Badge bg="primary" pill className="ms-1" data-testid="items-filter-count">
              {filters}
            </Badge>
          )}
        </Button>
        {select.active ? (
          <Button variant="outline-secondary" onClick={select.end} data-testid="items-select-end">
            <i className="bi bi-x-square me-1" aria-hidden="true" />
            {t.selectEnd}
          </Button>
        ) : (
          <Button variant="outline-secondary" onClick={select.start} data-testid="items-select-start">
            <i className="bi bi-check2-square me-1" aria-hidden="true" />
            {t.selectStart}
          </Button>
        )}
        {canEdit && (
          <Link to="/items/generate-many" className="btn btn-outline-primary" data-testid="items-generate">
            <i className="bi bi-collection me-1" aria-hidden="true" />
            {t.generate}
          </Link>
        )}
        {canEdit && (
          <Link to="/items/0" className="btn btn-primary" data-testid="items-add">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t.add}
          </Link>
        )}
      </div>
      {select.active && (
        <ItemsSelectionPanel
          codes={selectedCodes}
          canEdit={canEdit}
          deleting={massDelete.isPending}
          onMassEdit={onMassEdit}
          onDelete={() => void onMassDelete()}
        />
      )}
      <PagedList
        list={list}
        columns={columns}
        texts={{ noun: t.noun, empty: t.empty }}
        onPage={(page) => url.patch({ page })}
        onPerPage={(perPage) => {
          saveListDefaults(local(), { perPage });
          url.patch({ perPage, page: 1 });
        }}
        testId="items"
      />
      <RowMenu
        target={menu?.target ?? null}
        items={menuItems}
        label={menu ? format(t.menuOf, { code: menu.row.code }) : t.menu}
        onClose={() => setMenu(null)}
        testId="items-row-menu"
      />
      <ItemsSearchPanel
        show={searching}
        onHide={() => setSearching(false)}
        criteria={url.value}
        schema={schema}
        onSearch={search}
      />
    </>
  );
}
