import type { ServerModule } from '../../platform/module';
import { invoicesRoutes } from './invoices.routes';
import { invoiceMailJob } from './outbox';

/**
 * Invoices: numbering, the immutable snapshot, the "Faktura VAT" PDF and the mail outbox that
 * e-mails it (docs/decisions.md, Documents: Invoices and e-mail).
 */
export const invoicesModule: ServerModule = {
  name: 'invoices',
  title: 'Faktury',
  routes: invoicesRoutes,
  jobs: (deps) => [invoiceMailJob(deps)],
};
export { drainOutbox, INVOICE_MAIL_JOB } from './outbox';
export { renderInvoicesPdf } from './invoices.pdf';
export {
  countDocumentsOfMonth,
  documentsOfMonth,
  issueReceipt,
  markReceiptPrinted,
  receiptById,
  receiptOfOrder,
  receiptsOfOrders,
  type IssuedDocument,
  type IssuedReceipt,
} from './receipts.service';
export { invoiceById, invoicesByIds } from './invoices.repository';
