import { z } from 'zod';
import { route } from '../../platform/route';
import { printBarcodes } from './printing.service';

export const printingRoutes = [
  // The permission and the body schema depend on the kind, so the service checks both (after the
  // kind, so that an unknown kind answers 404, not 403 or 400).
  route({
    method: 'POST',
    url: '/print/barcode/:kind',
    access: 'authenticated',
    params: z.object({ kind: z.string() }),
    handler: (ctx, { params }, req) => printBarcodes(ctx, params.kind, req.body ?? {}),
  }),
];
