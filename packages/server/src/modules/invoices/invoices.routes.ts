import {
  printInvoiceAnswerSchema,
  printInvoiceManyAnswerSchema,
  printInvoiceManySchema,
  printInvoiceSchema,
} from '@zaplecze/contract';
import { route } from '../../platform/route';
import { printInvoice, printInvoiceMany } from './invoices.service';

/**
 * Invoices (docs/rules/catalogue-and-orders-rules.md §7.4 `print_invoice*`; docs/decisions.md, Documents: Invoices and
 * e-mail): issuing, printing and e-mailing need main.order.edit.
 */
export const invoicesRoutes = [
  route({
    method: 'POST',
    url: '/orders/print_invoice',
    access: 'main.order.edit',
    summary: 'Faktura zamówienia: wystawienie, wydruk, wysyłka e-mailem',
    response: printInvoiceAnswerSchema,
    body: printInvoiceSchema,
    handler: (ctx, { body }) => printInvoice(ctx, body),
  }),
  route({
    method: 'POST',
    url: '/orders/print_invoice_many',
    access: 'main.order.edit',
    summary: 'Faktury wielu zamówień w jednym PDF',
    response: printInvoiceManyAnswerSchema,
    body: printInvoiceManySchema,
    handler: (ctx, { body }) => printInvoiceMany(ctx, body),
  }),
];
