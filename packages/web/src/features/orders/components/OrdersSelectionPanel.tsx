import Dropdown from 'react-bootstrap/Dropdown';
import { format } from '@web/i18n';
import { BusyIcon, MassEditDeleteButtons, ReaderCodeButtons, SelectionPanel } from '@web/ui/list-page';
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
  const documents = (id: string, kind: DocumentKind, icon: string, label: string, only?: string) => (
    <Dropdown data-testid={`orders-${id}`}>
      <Dropdown.Toggle
        size="sm"
        variant="outline-secondary"
        disabled={runningKind !== null}
        data-testid={`orders-${id}-toggle`}
      >
        <BusyIcon busy={runningKind === kind} icon={icon} />
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
    <SelectionPanel testId="orders" countText={format(t.selected, { n: ids.length })}>
      {canEdit && documents('mass-waybills', 'bol', 'bi-truck', t.massWaybills, t.massSendOnly)}
      {canEdit && documents('mass-labels', 'label', 'bi-tag', t.massLabels)}
      {canEdit && documents('mass-invoices', 'invoice', 'bi-receipt', t.massInvoices, t.massIssueOnly)}
      <ReaderCodeButtons
        kind="order"
        body={ids.length === 0 ? null : { orderIds: ids }}
        fileName={ORDER_CODES_FILE}
        testId="orders"
        texts={{ ...t, print: t.printCodes, download: t.downloadCodes }}
      />
      {canEdit && (
        <MassEditDeleteButtons
          testId="orders"
          deleting={deleting}
          onMassEdit={onMassEdit}
          onDelete={onDelete}
          texts={t}
        />
      )}
    </SelectionPanel>
  );
}
