import { hasPermissionForScreen, LIST_STORAGE_KEYS, TOAST, type ItemRow, type PerPage } from '@zaplecze/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useCanPrintCodes } from '@web/platform/reader-codes.api';
import { format } from '@web/i18n';
import { ListAction, ListPage, useMassActions } from '@web/ui/list-page';
import { usePagedList } from '@web/ui/paged-list';
import { reportText } from '@web/ui/report';
import type { RowMenuItem } from '@web/ui/RowMenu';
import { useUrlState } from '@web/ui/url-state';
import { useSlot } from '@web/extensions/slots';
import { usePluginHost } from '@web/extensions/plugins/host';
import { itemColumns } from './components/itemColumns';
import { ItemsSearchPanel } from './components/ItemsSearchPanel';
import { ItemsSelectionPanel } from './components/ItemsSelectionPanel';
import { ItemPreview } from './components/ItemPreview';
import { PhotoViewer } from './components/PhotoViewer';
import { massDeleteReport } from './format';
import { fetchItemsPage, itemKeys, useCopyItem, useDeleteItem, useMassDeleteItems } from './items.api';
import { proposeCopyCode } from './free-code';
import { storeMassEditSelection } from './mass-edit-selection';
import { quickItemCriteria, quickItemText } from './quick-search';
import {
  activeFilterCount,
  itemUrlSchema,
  readListDefaults,
  saveListDefaults,
  withPluginParams,
  namesOtherParams,
  type ItemCriteria,
} from './search';
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
  // The multi-select serves codes and mass changes: without either there is nothing to select for.
  const canPrintCodes = useCanPrintCodes('item');
  const canSelect = canEdit || canPrintCodes;
  const orgPrefix = user?.organization.prefix ?? '';

  // The remembered sort and page size are the defaults of this visit's searches.
  const [baseSchema] = useState(() => itemUrlSchema(readListDefaults(local())));
  // Plugins' search filters add their query parameters (slot items.search.filters).
  const searchFilters = useSlot('items.search.filters');
  const schema = useMemo(
    () =>
      withPluginParams(
        baseSchema,
        searchFilters.flatMap((x) => x.params),
      ),
    [baseSchema, searchFilters],
  );
  const url = useUrlState(schema, { storageKey: LIST_STORAGE_KEYS.items.lastSearch });
  // A search naming a parameter the core does not know (a plugin filter's, e.g. motoMakeId) waits
  // until the installed plugins are loaded: read before, it would list every item for a moment.
  const pluginPhase = usePluginHost().phase;
  const waitsForPlugins = pluginPhase !== 'ready' && pluginPhase !== 'error' && namesOtherParams(url.source, schema);
  const list = usePagedList({
    queryKey: itemKeys.list(),
    criteria: url.value,
    fetchPage: fetchItemsPage,
    enabled: !waitsForPlugins,
  });
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

  const hasPreview = useSlot('item.preview.sections').length > 0;
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
        hasMenu: (row) => canEdit || hasPreview || Boolean(row.externalData?.url),
        onDelete: (row) => void handlers.current.onDelete(row),
      }),
    [select.active, orgPrefix, canEdit, hasPreview, deletingId, modals],
  );

  const menuItems: RowMenuItem[] = [];
  // The preview shows what plugins add about an item (slot item.preview.sections): only with one.
  const previewSections = useSlot('item.preview.sections');
  if (menu && previewSections.length > 0) {
    const row = menu.row;
    menuItems.push({
      id: 'preview',
      label: t.preview,
      icon: 'bi-eye',
      onSelect: () => void modals.open(ItemPreview, { item: row }, row.code),
    });
  }
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

  const mass = useMassActions({
    select,
    texts: ts,
    massEdit: (ids) => {
      storeMassEditSelection(sessionStorage, { ids, codes: ids.map((id) => codeById.get(id) ?? '') });
      void navigate('/items/mass-edit');
    },
    massDelete: (ids) => massDelete.mutateAsync(ids),
    report: (result) => ({ text: reportText(massDeleteReport(result, ts)), fileName: 'items_mass_delete.txt' }),
  });

  const filters = activeFilterCount(url.value);
  return (
    <ListPage
      testId="items"
      header={{
        title: t.heading,
        texts: t,
        filters,
        onOpenSearch: () => setSearching(true),
        quickSearch: {
          value: quickItemText(url.value),
          placeholder: t.quickSearch,
          onSearch: (text) => url.set(quickItemCriteria(url.value, text)),
        },
        actions: canEdit && (
          <>
            <ListAction to="/items/generate-many" icon="bi-collection" label={t.generate} testId="items-generate" />
            <ListAction to="/items/0" icon="bi-plus-lg" label={t.add} testId="items-add" primary />
          </>
        ),
      }}
      canSelect={canSelect}
      selection={
        <ItemsSelectionPanel
          codes={selectedCodes}
          canEdit={canEdit}
          deleting={massDelete.isPending}
          onMassEdit={mass.onMassEdit}
          onDelete={mass.onMassDelete}
        />
      }
      list={list}
      columns={columns}
      texts={{ noun: t.noun, empty: t.empty }}
      onOpen={(row) => void navigate(`/items/${row.id}`)}
      onPage={(page) => url.patch({ page })}
      onPerPage={(perPage) => {
        saveListDefaults(local(), { perPage });
        url.patch({ perPage, page: 1 });
      }}
      menu={{
        target: menu?.target ?? null,
        items: menuItems,
        label: menu ? format(t.menuOf, { code: menu.row.code }) : t.menu,
        onClose: () => setMenu(null),
      }}
    >
      <ItemsSearchPanel
        show={searching}
        onHide={() => setSearching(false)}
        criteria={url.value}
        schema={schema}
        onSearch={search}
      />
    </ListPage>
  );
}
