import { itemScanAnswerSchema, itemScanRequestSchema } from '@zaplecze/contract';
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
    handler: (ctx, { body }) => scanItemBarcode(ctx, { barcode: body.barcode, itemCode: body.itemCode }),
  }),
];
