import {
  orderReaderPanelQuerySchema,
  orderReaderPanelSchema,
  orderScanAnswerSchema,
  orderScanRequestSchema,
} from '@zaplecze/contract';
import { countReaderScan } from '../../platform/metrics';
import { route } from '../../platform/route';
import { orderReaderPanel, scanOrderBarcode } from './order-reader.service';

/** The order barcode reader: it changes orders, so it needs main.order.edit. */
export const orderReaderRoutes = [
  route({
    method: 'POST',
    url: '/orders/barcodes',
    access: 'main.order.edit',
    summary: 'Czytnik kodów zamówień: jeden odczyt',
    response: orderScanAnswerSchema,
    docs: { description: 'Błędy odczytu są wierszami dziennika (200, `isError: true`), nie błędami HTTP.' },
    body: orderScanRequestSchema,
    handler: async (ctx, { body }) => {
      const answer = await scanOrderBarcode(ctx, { barcode: body.barcode, orderId: body.orderId ?? null });
      // Scans per minute of the readers (docs/operations.md, Metrics).
      countReaderScan('order', answer.isError);
      return answer;
    },
  }),
  route({
    method: 'GET',
    url: '/orders/barcodes/panel',
    access: 'main.order.edit',
    summary: 'Panel pakowania zamówienia',
    response: orderReaderPanelSchema,
    query: orderReaderPanelQuerySchema,
    handler: (ctx, { query }) => orderReaderPanel(ctx, query.orderId),
  }),
];
