import type { OrderRow } from '@zaplecze/contract';
import type { RowMenuItem } from '@web/ui/RowMenu';
import { buyerInfoUrl } from './format';
import { ordersText } from './texts';

export interface OrderMenuActions {
  canEdit: boolean;
  orgPrefix: string;
  preview(row: OrderRow): void;
  copy(row: OrderRow): void;
  divide(row: OrderRow): void;
  status(row: OrderRow): void;
  sizes(row: OrderRow): void;
  comment(row: OrderRow): void;
  /** Opens the buyer page (a new tab). */
  buyerInfo(url: string): void;
}

/**
 * The row menu of the order list, in the order of goods-and-orders.md §2.13. Changes need
 * main.order.edit. Label, waybill and invoice entries are placed now and disabled with a tooltip
 * until the documents issue completes them; the invoice entries appear only with an invoice.
 */
export function orderMenuItems(row: OrderRow, a: OrderMenuActions): RowMenuItem[] {
  const t = ordersText().list;
  const later = (id: string, label: string, icon: string, divider = false): RowMenuItem => ({
    id,
    label,
    icon,
    disabled: true,
    hint: t.withDocuments,
    divider,
    onSelect: () => undefined,
  });
  const items: RowMenuItem[] = [{ id: 'preview', label: t.preview, icon: 'bi-eye', onSelect: () => a.preview(row) }];
  if (a.canEdit) {
    items.push(
      { id: 'copy', label: t.copy, icon: 'bi-copy', onSelect: () => a.copy(row) },
      { id: 'divide', label: t.divide, icon: 'bi-scissors', onSelect: () => a.divide(row) },
      { id: 'status', label: t.changeStatus, icon: 'bi-flag', onSelect: () => a.status(row) },
      { id: 'sizes', label: t.changeSizes, icon: 'bi-box', onSelect: () => a.sizes(row) },
      { id: 'comment', label: t.comment, icon: 'bi-sticky', onSelect: () => a.comment(row) },
      later('label-print', t.labelPrint, 'bi-tag', true),
      later('label-download', t.labelDownload, 'bi-download'),
      later('send', t.sendNoPrint, 'bi-send'),
      later('waybill-print', t.waybillPrint, 'bi-truck'),
      later('waybill-download', t.waybillDownload, 'bi-download'),
    );
  }
  items.push({
    id: 'buyer',
    label: t.buyerInfo,
    icon: 'bi-person-vcard',
    divider: true,
    onSelect: () => a.buyerInfo(buyerInfoUrl(a.orgPrefix, row.uuid)),
  });
  if (a.canEdit && row.hasInvoice) {
    items.push(
      later('invoice-issue', t.invoiceIssue, 'bi-receipt', true),
      later('invoice-email', row.invoiceMailSent ? t.invoiceEmailSent : t.invoiceEmail, 'bi-envelope'),
      later('invoice-print', t.invoicePrint, 'bi-printer'),
      later('invoice-download', t.invoiceDownload, 'bi-download'),
    );
  }
  return items;
}
