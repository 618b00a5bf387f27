import type { OrderRow } from '@zaplecze/contract';
import type { RowMenuItem } from '@web/ui/RowMenu';
import { offersReceipt, type DocumentAction, type DocumentTarget } from './documents';
import { buyerInfoUrl } from './format';
import { ordersText } from './texts';

export interface OrderMenuActions {
  canEdit: boolean;
  /** The organisation issues receipts (the invoicing plugin is installed): receipts.api.ts. */
  receipts: boolean;
  orgPrefix: string;
  preview(row: OrderRow): void;
  copy(row: OrderRow): void;
  divide(row: OrderRow): void;
  status(row: OrderRow): void;
  sizes(row: OrderRow): void;
  comment(row: OrderRow): void;
  /** Opens the buyer page (a new tab). */
  buyerInfo(url: string): void;
  /** A label, waybill, invoice or receipt action (use-order-documents.ts). */
  document(row: OrderRow, action: DocumentAction): void;
}

/** The label and waybill entries (§2.13), for the row menu and the preview's documents menu. */
export function shippingDocumentItems(run: (action: DocumentAction) => void, divider = true): RowMenuItem[] {
  const t = ordersText().list;
  return [
    {
      id: 'label-print',
      label: t.labelPrint,
      icon: 'bi-tag',
      divider,
      onSelect: () => run({ kind: 'label', output: 'print' }),
    },
    {
      id: 'label-download',
      label: t.labelDownload,
      icon: 'bi-download',
      onSelect: () => run({ kind: 'label', output: 'download' }),
    },
    { id: 'send', label: t.sendNoPrint, icon: 'bi-send', onSelect: () => run({ kind: 'bol', output: 'none' }) },
    {
      id: 'waybill-print',
      label: t.waybillPrint,
      icon: 'bi-truck',
      onSelect: () => run({ kind: 'bol', output: 'print' }),
    },
    {
      id: 'waybill-download',
      label: t.waybillDownload,
      icon: 'bi-download',
      onSelect: () => run({ kind: 'bol', output: 'download' }),
    },
  ];
}

/**
 * The invoice entries (§2.13): only when the order has an invoice; '[WYSŁANO]' once it was
 * e-mailed.
 */
export function invoiceDocumentItems(
  target: DocumentTarget,
  run: (action: DocumentAction) => void,
  divider = true,
): RowMenuItem[] {
  const t = ordersText().list;
  if (!target.hasInvoice) return [];
  return [
    {
      id: 'invoice-issue',
      label: t.invoiceIssue,
      icon: 'bi-receipt',
      divider,
      onSelect: () => run({ kind: 'invoice', output: 'none' }),
    },
    {
      id: 'invoice-email',
      label: target.invoiceMailSent ? t.invoiceEmailSent : t.invoiceEmail,
      icon: 'bi-envelope',
      onSelect: () => run({ kind: 'invoice', output: 'email' }),
    },
    {
      id: 'invoice-print',
      label: t.invoicePrint,
      icon: 'bi-printer',
      onSelect: () => run({ kind: 'invoice', output: 'print' }),
    },
    {
      id: 'invoice-download',
      label: t.invoiceDownload,
      icon: 'bi-download',
      onSelect: () => run({ kind: 'invoice', output: 'download' }),
    },
  ];
}

/**
 * The sale's document entries (docs/decisions.md, "Documents: receipts"): 'Paragon' first for an
 * order whose document is a receipt (offersReceipt), then the invoice entries as before: a
 * stationary buyer who gave invoice data may take an invoice instead (the first one issued wins:
 * the server refuses a receipt beside an invoice, use-order-documents.ts an invoice beside a receipt).
 */
export function saleDocumentItems(
  target: DocumentTarget,
  receipts: boolean,
  run: (action: DocumentAction) => void,
): RowMenuItem[] {
  if (!offersReceipt(target, receipts)) return invoiceDocumentItems(target, run);
  const receipt: RowMenuItem = {
    id: 'receipt',
    label: ordersText().list.receipt,
    icon: 'bi-receipt-cutoff',
    divider: true,
    onSelect: () => run({ kind: 'receipt' }),
  };
  return [receipt, ...invoiceDocumentItems(target, run, false)];
}

/**
 * The row menu of the order list, in the order of docs/rules/catalogue-and-orders-rules.md §2.13. Changes and the
 * document actions need main.order.edit; the invoice entries appear only with an invoice, the
 * receipt only for a stationary order when receipts are issued.
 */
export function orderMenuItems(row: OrderRow, a: OrderMenuActions): RowMenuItem[] {
  const t = ordersText().list;
  const run = (action: DocumentAction) => a.document(row, action);
  const items: RowMenuItem[] = [{ id: 'preview', label: t.preview, icon: 'bi-eye', onSelect: () => a.preview(row) }];
  if (a.canEdit) {
    items.push(
      { id: 'copy', label: t.copy, icon: 'bi-copy', onSelect: () => a.copy(row) },
      { id: 'divide', label: t.divide, icon: 'bi-scissors', onSelect: () => a.divide(row) },
      { id: 'status', label: t.changeStatus, icon: 'bi-flag', onSelect: () => a.status(row) },
      { id: 'sizes', label: t.changeSizes, icon: 'bi-box', onSelect: () => a.sizes(row) },
      { id: 'comment', label: t.comment, icon: 'bi-sticky', onSelect: () => a.comment(row) },
      ...shippingDocumentItems(run),
    );
  }
  items.push({
    id: 'buyer',
    label: t.buyerInfo,
    icon: 'bi-person-vcard',
    divider: true,
    onSelect: () => a.buyerInfo(buyerInfoUrl(a.orgPrefix, row.uuid)),
  });
  if (a.canEdit) items.push(...saleDocumentItems(row, a.receipts, run));
  return items;
}
