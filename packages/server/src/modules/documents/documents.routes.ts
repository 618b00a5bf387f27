import { orderPrintLogAnswerSchema, orderPrintLogQuerySchema } from '@zaplecze/contract';
import { route } from '../../platform/route';
import { orderPrintLog } from './print-log';

/**
 * Order documents (docs/rules/catalogue-and-orders-rules.md §7.4 `print_*`; docs/decisions.md, Documents). Reading the
 * print log needs main.order.show; dispatch, prints and invoices need main.order.edit.
 */
export const documentsRoutes = [
  route({
    method: 'GET',
    url: '/orders/print_log',
    access: 'main.order.show',
    summary: 'Dziennik wydruków i wysyłek zamówienia',
    response: orderPrintLogAnswerSchema,
    query: orderPrintLogQuerySchema,
    handler: (ctx, { query }) => orderPrintLog(ctx.tdb, query.orderId),
  }),
];
