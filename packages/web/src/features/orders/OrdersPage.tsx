import { hasPermissionForScreen, LIST_STORAGE_KEYS, TOAST, type OrderRow } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { storeOrdersSelection } from '@web/features/orders-mass-edit/selection';
import { useCanPrintCodes } from '@web/platform/reader-codes.api';
import { format } from '@web/i18n';
import { ListAction, ListPage, useMassActions } from '@web/ui/list-page';
import { usePagedList } from '@web/ui/paged-list';
import { reportText } from '@web/ui/report';
import { useUrlState } from '@web/ui/url-state';
import { orderColumns } from './components/orderColumns';
import { OrdersSearchPanel } from './components/OrdersSearchPanel';
import { OrdersSelectionPanel } from './components/OrdersSelectionPanel';
import { orderMassReport } from './format';
import { quickOrderCriteria, quickOrderText } from './quick-search';
import { orderMenuItems } from './row-menu';
import { useOrderDocuments } from './use-order-documents';
import {
  changeOrder,
  fetchOrdersPage,
  orderKeys,
  refreshRow,
  useCopyOrder,
  useDeleteOrder,
  useMassDeleteOrders,
} from './orders.api';
import { activeFilterCount, orderUrlSchema, readListDefaults, saveListDefaults, type OrderCriteria } from './search';
import { ordersText } from './texts';

// The dialogs load on first use: the list's own chunk stays small.
const OrderPreviewDialog = lazy(() =>
  import('./components/OrderPreviewDialog').then((m) => ({ default: m.OrderPreviewDialog })),
);
const StatusDialog = lazy(() => import('./components/StatusDialog').then((m) => ({ default: m.StatusDialog })));
const SizesDialog = lazy(() => import('./components/SizesDialog').then((m) => ({ default: m.SizesDialog })));

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

type Dialog = { kind: 'preview' | 'status' | 'sizes'; row: OrderRow };

/**
 * /orders: the order list (docs/rules/catalogue-and-orders-rules.md §2.13) with its search panel, row icons and
 * actions, dialogs (preview, status, sizes and weight), labels, waybills, invoices and receipts
 * (use-order-documents.ts), multi-select (codes, mass edit, mass delete, mass documents). The
 * search lives in the URL; the rows are virtual (pages of up to 10,000).
 */
export default function OrdersPage() {
  const t = ordersText().list;
  const ts = ordersText().select;
  const toast = useToast();
  const modals = useModals();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useAuth();
  const permissions = user?.permissions ?? '';
  const canEdit = hasPermissionForScreen(permissions, 'main.order.edit');
  // The multi-select serves documents, codes and mass changes: without them nothing to select for.
  const canPrintCodes = useCanPrintCodes('order');
  const canSelect = canEdit || canPrintCodes;
  const orgPrefix = user?.organization.prefix ?? '';

  // The remembered sort and page size are the defaults of this visit's searches.
  const [schema] = useState(() => orderUrlSchema(readListDefaults(local())));
  const url = useUrlState(schema, { storageKey: LIST_STORAGE_KEYS.orders.lastSearch });
  const list = usePagedList({ queryKey: orderKeys.list(), criteria: url.value, fetchPage: fetchOrdersPage });
  const select = list.select;
  const [searching, setSearching] = useState(false);
  const [menu, setMenu] = useState<{ row: OrderRow; target: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteOrder();
  const copy = useCopyOrder();
  const massDelete = useMassDeleteOrders();
  const documents = useOrderDocuments();

  useEffect(() => {
    if (list.error) toast.show('error', { id: 'orders-load', title: t.loadErrorTitle, body: errorMessage(list.error) });
  }, [list.error, toast, t]);

  const search = (c: OrderCriteria) => {
    saveListDefaults(local(), { sort: c.sort, perPage: c.perPage });
    url.set(c);
    setSearching(false);
  };

  /** After a change of one order: only its row is read again (§7.4). */
  const reload = async (id: number) => {
    try {
      await refreshRow(client, id);
    } catch (err) {
      toast.error(format(t.refreshErrorTitle, { id }), errorMessage(err));
    }
  };

  const onDelete = async (row: OrderRow) => {
    const yes = await modals.confirm({ title: t.deleteTitle, message: format(t.deleteConfirm, { id: row.id }) });
    if (!yes) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(t.deletedTitle, format(t.deleted, { id: row.id }));
    } catch (err) {
      toast.error(t.deleteErrorTitle, errorMessage(err), TOAST.downloadErrorSeconds);
    }
  };

  const onCopy = async (row: OrderRow) => {
    const yes = await modals.confirm({ title: t.copyTitle, message: format(t.copyConfirm, { id: row.id }) });
    if (!yes) return;
    try {
      const copied = await copy.mutateAsync(row.id);
      toast.success(t.copiedTitle, format(t.copied, { id: copied.id }));
    } catch (err) {
      toast.error(format(t.copyErrorTitle, { id: row.id }), errorMessage(err), TOAST.downloadErrorSeconds);
    }
  };

  const onComment = async (row: OrderRow) => {
    const text = await modals.prompt({
      title: format(t.commentTitle, { id: row.id }),
      label: t.commentLabel,
      initial: row.comment,
      multiline: true,
    });
    if (text === undefined) return;
    try {
      await changeOrder(row.id, (body) => ({ ...body, comment: text }));
      toast.success(t.savedTitle, format(t.commentSaved, { id: row.id }));
      await reload(row.id);
    } catch (err) {
      toast.error(t.commentErrorTitle, errorMessage(err));
    }
  };

  // Handlers through a ref: the columns (and so the memoised rows) change only with the mode.
  const handlers = useRef({ onDelete, onCopy, onComment, document: documents.run });
  handlers.current = { onDelete, onCopy, onComment, document: documents.run };
  const deletingId = remove.isPending ? remove.variables : undefined;
  const columns = useMemo(
    () =>
      orderColumns({
        multi: select.active,
        canEdit,
        deletingId,
        onPreview: (row) => setDialog({ kind: 'preview', row }),
        onMenu: (row, target) => setMenu({ row, target }),
        onDelete: (row) => void handlers.current.onDelete(row),
      }),
    [select.active, canEdit, deletingId],
  );

  const menuItems = menu
    ? orderMenuItems(menu.row, {
        canEdit,
        receipts: documents.receipts,
        preview: (row) => setDialog({ kind: 'preview', row }),
        copy: (row) => void handlers.current.onCopy(row),
        divide: (row) => void navigate(`/orders/divide/${row.id}`),
        status: (row) => setDialog({ kind: 'status', row }),
        sizes: (row) => setDialog({ kind: 'sizes', row }),
        comment: (row) => void handlers.current.onComment(row),
        buyerInfo: (url) => window.open(url, '_blank', 'noopener,noreferrer'),
        document: (row, action) => void handlers.current.document(row, action),
        orgPrefix,
      })
    : [];

  const mass = useMassActions({
    select,
    texts: ts,
    massEdit: (ids) => {
      storeOrdersSelection(sessionStorage, ids);
      void navigate('/orders/mass-edit');
    },
    massDelete: (ids) => massDelete.mutateAsync(ids),
    report: (result) => ({
      text: reportText(
        orderMassReport(result, {
          errors: ts.reportErrors,
          notFound: ts.reportNotFound,
          ok: ts.reportOk,
          error: ts.reportError,
        }),
      ),
      fileName: 'orders_mass_delete.txt',
    }),
  });

  const filters = activeFilterCount(url.value);
  return (
    <ListPage
      testId="orders"
      header={{
        title: t.heading,
        texts: t,
        filters,
        onOpenSearch: () => setSearching(true),
        quickSearch: {
          value: quickOrderText(url.value),
          placeholder: t.quickSearch,
          onSearch: (text) => url.set(quickOrderCriteria(url.value, text)),
        },
        actions: canEdit && (
          <>
            <ListAction to="/orders/-1" icon="bi-shop" label={t.addStationary} testId="orders-add-stationary" />
            <ListAction to="/orders/0" icon="bi-plus-lg" label={t.add} testId="orders-add" primary />
          </>
        ),
      }}
      canSelect={canSelect}
      selection={
        <OrdersSelectionPanel
          ids={select.selectedIds}
          canEdit={canEdit}
          deleting={massDelete.isPending}
          onMassEdit={mass.onMassEdit}
          onDelete={mass.onMassDelete}
          onDocuments={(kind, output) => void documents.runMany(select.selectedIds, kind, output, list.rows)}
          runningKind={documents.busy?.scope === 'many' ? documents.busy.kind : null}
        />
      }
      list={list}
      columns={columns}
      texts={{ noun: t.noun, empty: t.empty }}
      onOpen={(row) => void navigate(`/orders/${row.id}`)}
      onPage={(page) => url.patch({ page })}
      onPerPage={(perPage) => {
        saveListDefaults(local(), { perPage });
        url.patch({ perPage, page: 1 });
      }}
      menu={{
        target: menu?.target ?? null,
        items: menuItems,
        label: menu ? format(t.menuOf, { id: menu.row.id }) : t.menu,
        onClose: () => setMenu(null),
      }}
    >
      <OrdersSearchPanel
        show={searching}
        onHide={() => setSearching(false)}
        criteria={url.value}
        schema={schema}
        onSearch={search}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'preview' && (
          <OrderPreviewDialog
            id={dialog.row.id}
            canEdit={canEdit}
            busy={documents.busy?.scope === 'one' && documents.busy.id === dialog.row.id}
            receipts={documents.receipts}
            onDocument={(target, action) => void documents.run(target, action)}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'status' && (
          <StatusDialog row={dialog.row} onClose={() => setDialog(null)} onSaved={(id) => void reload(id)} />
        )}
        {dialog?.kind === 'sizes' && (
          <SizesDialog row={dialog.row} onClose={() => setDialog(null)} onSaved={(id) => void reload(id)} />
        )}
      </Suspense>
    </ListPage>
  );
}
