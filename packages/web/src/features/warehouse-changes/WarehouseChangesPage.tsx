import { hasPermissionForScreen, TOAST, type WarehouseChange } from '@zaplecze/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, pluralPl } from '@web/i18n';
import { PagedList, usePagedList } from '@web/ui/paged-list';
import { useUrlState } from '@web/ui/url-state';
import { commitInOrder } from './bulk-commit';
import { warehouseColumns } from './components/columns';
import { MonthSearch } from './components/MonthSearch';
import { warehouseSearchSchema } from './month';
import { warehouseChangesText } from './texts';
import {
  commitChange,
  deleteChange,
  exportCsv,
  fetchChangesPage,
  useReloadList,
  useReloadRow,
  warehouseChangeKeys,
} from './warehouse-changes.api';

/** Confirmation toasts of this screen last 3 s (the spec's 'Zatwierdzono' and 'Usunięto'). */
const DONE_SECONDS = TOAST.confirmSeconds;

/**
 * /warehouse-changes: the stock ledger of one month, a server page at a time (PagedList), with
 * commit and delete per row, bulk commit of the selected rows and the month's CSV export.
 */
export default function WarehouseChangesPage() {
  const t = warehouseChangesText();
  const auth = useAuth();
  const toast = useToast();
  const modals = useModals();
  const url = useUrlState(warehouseSearchSchema);
  const search = url.value;
  const list = usePagedList({ queryKey: warehouseChangeKeys.list, criteria: search, fetchPage: fetchChangesPage });
  const reloadRow = useReloadRow();
  const reloadList = useReloadList();
  const canEdit = hasPermissionForScreen(auth.user?.permissions ?? '', 'main.warehouse.edit');
  const [busyId, setBusyId] = useState<number>();
  const [bulkRunning, setBulkRunning] = useState(false);
  const select = list.select;

  // The selection marker is always there on this screen (the bulk commit works on it).
  const { active, start } = select;
  useEffect(() => {
    if (!active) start();
  }, [active, start]);

  useEffect(() => {
    if (list.error) toast.error(t.list.loadErrorTitle, errorMessage(list.error));
  }, [list.error, toast, t]);

  const csv = useMutation({
    mutationFn: exportCsv,
    onError: (err) => toast.error(t.csv.errorTitle, errorMessage(err), TOAST.downloadErrorSeconds),
  });

  const runOne = async (row: WarehouseChange, action: () => Promise<unknown>, done: string, failTitle: string) => {
    setBusyId(row.id);
    try {
      await action();
      toast.success(done, undefined, DONE_SECONDS);
      await reloadRow(row.id);
    } catch (err) {
      toast.error(failTitle, errorMessage(err));
      await reloadList();
    } finally {
      setBusyId(undefined);
    }
  };

  const onCommit = (row: WarehouseChange) =>
    void runOne(row, () => commitChange(row.id), t.actions.committed, t.actions.commitErrorTitle);

  const onDelete = async (row: WarehouseChange) => {
    const yes = await modals.confirm({
      title: t.actions.deleteConfirmTitle,
      message: format(t.actions.deleteConfirm, { id: row.id, code: row.item.code }),
    });
    if (yes) await runOne(row, () => deleteChange(row.id), t.actions.deleted, t.actions.deleteErrorTitle);
  };

  const onBulkCommit = async () => {
    const ids = select.selectedIds;
    if (ids.length === 0) {
      toast.warning(t.bulk.nothingTitle, t.bulk.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    setBulkRunning(true);
    try {
      const result = await commitInOrder(
        ids,
        commitChange,
        (f) => toast.error(t.bulk.errorTitle, format(t.bulk.error, { id: f.id, message: f.message })),
        errorMessage,
      );
      const n = result.committed.length;
      if (n > 0) toast.success(format(pluralPl(n, t.bulk.done), { n }), undefined, DONE_SECONDS);
    } finally {
      select.end();
      setBulkRunning(false);
      await reloadList();
    }
  };

  const columns = useMemo(
    () => warehouseColumns({ canEdit, busyId, onCommit, onDelete: (r) => void onDelete(r) }),
    // The handlers only read state through setters and stable hooks; busyId redraws the actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit, busyId],
  );

  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{t.title}</h1>
        <MonthSearch
          key={`${search.year}-${search.month}`}
          year={search.year}
          month={search.month}
          onShow={(m) => url.patch({ ...m, page: 1 })}
        />
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        {canEdit && (
          <Button
            size="sm"
            variant="success"
            disabled={bulkRunning}
            onClick={() => void onBulkCommit()}
            data-testid="warehouse-bulk-commit"
          >
            {bulkRunning ? (
              <Spinner animation="border" size="sm" className="me-1" />
            ) : (
              <i className="bi bi-check2-all me-1" aria-hidden="true" />
            )}
            {t.bulk.commit}
          </Button>
        )}
        <span className="text-muted small" data-testid="warehouse-selected">
          {format(t.bulk.selected, { n: select.selectedIds.length })}
        </span>
        {select.selectedIds.length > 0 && (
          <Button size="sm" variant="link" onClick={select.end} data-testid="warehouse-clear-selection">
            {t.bulk.clear}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline-secondary"
          className="ms-auto"
          disabled={csv.isPending}
          onClick={() => csv.mutate({ year: search.year, month: search.month })}
          data-testid="warehouse-export-csv"
        >
          {csv.isPending ? (
            <Spinner animation="border" size="sm" className="me-1" />
          ) : (
            <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
          )}
          {t.csv.export}
        </Button>
      </div>
      <PagedList
        list={list}
        columns={columns}
        texts={{ noun: t.list.noun, empty: t.list.empty }}
        onPage={(page) => url.patch({ page })}
        onPerPage={(perPage) => url.patch({ perPage, page: 1 })}
        testId="warehouse-changes"
      />
    </>
  );
}
