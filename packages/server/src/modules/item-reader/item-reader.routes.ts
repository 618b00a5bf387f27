import { itemScanAnswerSchema, itemScanRequestSchema } from '@zaplecze/contract';
import { countReaderScan } from '../../platform/metrics';
import { route } from '../../platform/route';
import { scanItemBarcode } from './item-reader.service';

/** The item barcode reader: it changes items and stock, so it needs main.items.edit. */
export const itemReaderRoutes = [
  route({
    method: 'POST',
    url: '/items/barcodes',
    access: 'main.items.edit',
    summary: 'Czytnik kodów towarów: jeden odczyt',
    response: itemScanAnswerSchema,
    docs: { description: 'Błędy odczytu są wierszami dziennika (200, `isError: true`), nie błędami HTTP.' },
    body: itemScanRequestSchema,
    handler: async (ctx, { body }) => {
      const answer = await scanItemBarcode(ctx, { barcode: body.barcode, itemCode: body.itemCode });
      // Scans per minute of the readers (docs/operations.md, Metrics).
      countReaderScan('item', answer.isError);
      return answer;
    },
  }),
];
