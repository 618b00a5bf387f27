import { z } from 'zod';
import { route } from '../../platform/route';
import { printBarcodes } from './printing.service';

export const printingRoutes = [
  // Printing reads lists any signed-in user may read; the body schema depends on the kind, so the
  // service validates it (after the kind, so that an unknown kind answers 404, not 400).
  route({
    method: 'POST',
    url: '/print/barcode/:kind',
    access: 'authenticated',
    params: z.object({ kind: z.string() }),
    handler: (ctx, { params }, req) => printBarcodes(ctx, params.kind, req.body ?? {}),
  }),
];
