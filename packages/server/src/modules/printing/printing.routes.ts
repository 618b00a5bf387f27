import {
  BARCODE_KINDS,
  BARCODE_PRINT_PERMISSIONS,
  barcodeBodySchemas,
  barcodePdfSchema,
  type BarcodeKind,
} from '@zaplecze/contract';
import { z } from 'zod';
import { route } from '../../platform/route';
import { printBarcodes } from './printing.service';

/** The body of each kind (several kinds share the ids body) and the permission each needs, for the API reference. */
const bodies = [...new Set(Object.values(barcodeBodySchemas))];
const kindsText = (Object.keys(BARCODE_PRINT_PERMISSIONS) as BarcodeKind[])
  .map((kind) => `- \`${kind}\`: uprawnienie \`${BARCODE_PRINT_PERMISSIONS[kind]}\`, pola ${fieldsOf(kind)}`)
  .join('\n');

function fieldsOf(kind: BarcodeKind): string {
  const keys = Object.keys(barcodeBodySchemas[kind].shape);
  return keys.length ? keys.map((k) => `\`${k}\``).join(', ') : 'brak';
}

export const printingRoutes = [
  // The permission and the body schema depend on the kind, so the service checks both (after the
  // kind, so that an unknown kind answers 404, not 403 or 400).
  route({
    method: 'POST',
    url: '/print/barcode/:kind',
    access: 'authenticated',
    summary: 'Arkusz kodów czytnika (PDF A4, base64)',
    response: barcodePdfSchema,
    docs: {
      params: z.object({ kind: z.enum(BARCODE_KINDS) }),
      body: z.union(bodies as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]),
      description: `Treść i uprawnienie zależą od rodzaju arkusza (\`kind\`):\n${kindsText}`,
    },
    params: z.object({ kind: z.string() }),
    handler: (ctx, { params }, req) => printBarcodes(ctx, params.kind, req.body ?? {}),
  }),
];
