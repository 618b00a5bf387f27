import type { ServerModule } from '../../platform/module';
import { invoicesRoutes } from './invoices.routes';

/**
 * Invoices: numbering, the immutable snapshot, the "Faktura VAT" PDF and the mail outbox that
 * e-mails it (docs/decisions.md, Documents: Invoices and e-mail).
 */
export const invoicesModule: ServerModule = { name: 'invoices', routes: invoicesRoutes };
export { drainOutbox, startOutboxSender } from './outbox';
export { renderInvoicesPdf } from './invoices.pdf';
