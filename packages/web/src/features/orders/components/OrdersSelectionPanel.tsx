import { TOAST } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useReaderCodes } from '@web/app/reader-codes.api';
import { useToast } from '@web/app/toasts/ToastProvider';
import { format } from '@web/i18n';
import { ordersText } from '../texts';

/** goods-and-orders.md §9: the order codes sheet is saved as order_barcodes.pdf. */
export const ORDER_CODES_FILE = 'order_barcodes.pdf';

export interface OrdersSelectionPanelProps {
  /** Ids of the selected orders in list order. */
  ids: readonly number[];
  canEdit: boolean;
  deleting: boolean;
  onMassEdit(): void;
  onDelete(): void;
}

/**
 * The multi-select panel of the order list (goods-and-orders.md §2.13): 'Zaznaczono: N', mass
 * delete, mass edit, the waybill, label and invoice runs (placed now, completed by the documents
 * issue) and the order codes (POST /print/barcode/order {orderIds}, order_barcodes.pdf).
 */
export function OrdersSelectionPanel({ ids, canEdit, deleting, onMassEdit, onDelete }: OrdersSelectionPanelProps) {
  const t = ordersText().select;
  const later = ordersText().list.withDocuments;
  const toast = useToast();
  const readerCodes = useReaderCodes();

  const codes = (output: 'print' | 'download') => {
    if (ids.length === 0) {
      toast.warning(t.nothingTitle, t.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    readerCodes.mutate({ kind: 'order', body: { orderIds: ids }, output, fileName: ORDER_CODES_FILE });
  };
  const pending = (output: 'print' | 'download') => readerCodes.isPending && readerCodes.variables?.output === output;
  // Disabled buttons get no pointer events: the tooltip sits on a wrapper.
  const comingWithDocuments = (id: string, icon: string, label: string) => (
    <span title={later} className="d-inline-block" data-testid={`orders-${id}-wrap`}>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled
        style={{ pointerEvents: 'none' }}
        data-testid={`orders-${id}`}
      >
        <i className={`bi ${icon} me-1`} aria-hidden="true" />
        {label}
      </Button>
    </span>
  );

  return (
    <Card className="shadow-sm mb-2 border-primary-subtle" data-testid="orders-selection">
      <Card.Body className="d-flex flex-wrap align-items-center gap-2 py-2">
        <span className="fw-semibold me-auto" data-testid="orders-selected-count">
          {format(t.selected, { n: ids.length })}
        </span>
        {canEdit && comingWithDocuments('mass-waybills', 'bi-truck', t.massWaybills)}
        {canEdit && comingWithDocuments('mass-labels', 'bi-tag', t.massLabels)}
        {canEdit && comingWithDocuments('mass-invoices', 'bi-receipt', t.massInvoices)}
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
