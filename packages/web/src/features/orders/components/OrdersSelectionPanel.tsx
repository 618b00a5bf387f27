import { TOAST } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import { useCanPrintCodes, useReaderCodes } from '@web/app/reader-codes.api';
import { useToast } from '@web/app/toasts/ToastProvider';
import { format } from '@web/i18n';
import type { DocumentKind, DocumentOutput } from '../documents';
import { ordersText } from '../texts';

/** docs/rules/catalogue-and-orders-rules.md §9: the order codes sheet is saved as order_barcodes.pdf. */
export const ORDER_CODES_FILE = 'order_barcodes.pdf';

export interface OrdersSelectionPanelProps {
  /** Ids of the selected orders in list order. */
  ids: readonly number[];
  canEdit: boolean;
  deleting: boolean;
  onMassEdit(): void;
  onDelete(): void;
  /** A mass waybill, label or invoice run over the selection. */
  onDocuments(kind: DocumentKind, output: DocumentOutput): void;
  /** The mass run in progress, if any. */
  runningKind: DocumentKind | null;
}

/**
 * The multi-select panel of the order list (docs/rules/catalogue-and-orders-rules.md §2.13): 'Zaznaczono: N', mass
 * delete, mass edit, the waybill, label and invoice runs (print, download, or only dispatch / issue)
 * and the order codes (POST /print/barcode/order {orderIds}, order_barcodes.pdf).
 */
export function OrdersSelectionPanel({
  ids,
  canEdit,
  deleting,
  onMassEdit,
  onDelete,
  onDocuments,
  runningKind,
}: OrdersSelectionPanelProps) {
  const t = ordersText().select;
  const toast = useToast();
  const readerCodes = useReaderCodes();
  const canPrint = useCanPrintCodes('order');

  const codes = (output: 'print' | 'download') => {
    if (ids.length === 0) {
      toast.warning(t.nothingTitle, t.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    readerCodes.mutate({ kind: 'order', body: { orderIds: ids }, output, fileName: ORDER_CODES_FILE });
  };
  const pending = (output: 'print' | 'download') => readerCodes.isPending && readerCodes.variables?.output === output;
  const documents = (id: string, kind: DocumentKind, icon: string, label: string, only?: string) => (
    <Dropdown data-testid={`orders-${id}`}>
      <Dropdown.Toggle
        size="sm"
        variant="outline-secondary"
        disabled={runningKind !== null}
        data-testid={`orders-${id}-toggle`}
      >
        {runningKind === kind ? (
          <Spinner animation="border" size="sm" className="me-1" />
        ) : (
          <i className={`bi ${icon} me-1`} aria-hidden="true" />
        )}
        {label}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={() => onDocuments(kind, 'print')} data-testid={`orders-${id}-print`}>
          <i className="bi bi-printer me-2" aria-hidden="true" />
          {t.massPrint}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => onDocuments(kind, 'download')} data-testid={`orders-${id}-download`}>
          <i className="bi bi-download me-2" aria-hidden="true" />
          {t.massDownload}
        </Dropdown.Item>
        {only && (
          <Dropdown.Item as="button" onClick={() => onDocuments(kind, 'none')} data-testid={`orders-${id}-only`}>
            <i className="bi bi-check2-circle me-2" aria-hidden="true" />
            {only}
          </Dropdown.Item>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );

  return (
    <Card className="shadow-sm mb-2 border-primary-subtle" data-testid="orders-selection">
      <Card.Body className="d-flex flex-wrap align-items-center gap-2 py-2">
        <span className="fw-semibold me-auto" data-testid="orders-selected-count">
          {format(t.selected, { n: ids.length })}
        </span>
        {canEdit && documents('mass-waybills', 'bol', 'bi-truck', t.massWaybills, t.massSendOnly)}
        {canEdit && documents('mass-labels', 'label', 'bi-tag', t.massLabels)}
        {canEdit && documents('mass-invoices', 'invoice', 'bi-receipt', t.massInvoices, t.massIssueOnly)}
        {canPrint && (
          <>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={readerCodes.isPending}
              onClick={() => codes('print')}
              data-testid="orders-print-codes"
            >
              {pending('print') ? (
                <Spinner animation="border" size="sm" className="me-1" />
              ) : (
                <i className="bi bi-printer me-1" aria-hidden="true" />
              )}
              {t.printCodes}
            </Button>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={readerCodes.isPending}
              onClick={() => codes('download')}
              data-testid="orders-download-codes"
            >
              {pending('download') ? (
                <Spinner animation="border" size="sm" className="me-1" />
              ) : (
                <i className="bi bi-download me-1" aria-hidden="true" />
              )}
              {t.downloadCodes}
            </Button>
          </>
        )}
        {canEdit && (
          <Button size="sm" variant="outline-secondary" onClick={onMassEdit} data-testid="orders-mass-edit">
            <i className="bi bi-pencil-square me-1" aria-hidden="true" />
            {t.massEdit}
          </Button>
        )}
        {canEdit && (
          <Button size="sm" variant="danger" disabled={deleting} onClick={onDelete} data-testid="orders-mass-delete">
            {deleting ? (
              <Spinner animation="border" size="sm" className="me-1" />
            ) : (
              <i className="bi bi-trash me-1" aria-hidden="true" />
            )}
            {t.delete}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
