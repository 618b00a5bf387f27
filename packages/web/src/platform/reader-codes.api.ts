import {
  BARCODE_MAX_CODES,
  BARCODE_PRINT_PERMISSIONS,
  barcodePdfSchema,
  hasPermissionForScreen,
  TOAST,
  type BarcodeKind,
} from '@zaplecze/contract';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';

import { format } from '@web/i18n';
import { downloadPdf, printPdf } from '@web/ui/pdf';
import { uiText } from '@web/ui/texts';

export type CodesOutput = 'print' | 'download';

export interface CodesRequest {
  /** A kind of POST /print/barcode/{kind} (docs/rules/platform-rules.md §7). */
  kind: string;
  body: Record<string, unknown>;
  output: CodesOutput;
  /** File name for downloads (docs/rules/platform-rules.md §9), e.g. places.pdf. */
  fileName: string;
}

/**
 * Whether the signed-in user may print sheets of `kind` (contract BARCODE_PRINT_PERMISSIONS):
 * screens hide their print and download actions otherwise. The server checks it again (403).
 */
export function useCanPrintCodes(kind: string): boolean {
  const { user } = useAuth();
  const permission = (BARCODE_PRINT_PERMISSIONS as Partial<Record<string, string>>)[kind as BarcodeKind];
  return permission !== undefined && hasPermissionForScreen(user?.permissions ?? '', permission);
}

/** How many codes a request asks for: the length of its list (the server counts the same). */
function codeCount(body: Record<string, unknown>): number {
  return Object.values(body).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
}

/**
 * Shared by every list that offers reader codes (ui/MultiSelectToolbar) and the sheets screen,
 * so it lives in app/: ui/ never imports a feature.
 *
 * Fetches a reader-code sheet and prints it (browser print dialog) or saves it as a file.
 * Errors show 'Błąd pobierania kodów' for 10 s (docs/rules/platform-rules.md §8, §9). More codes than one sheet
 * may hold (BARCODE_MAX_CODES) are not sent: a warning names the maximum.
 */
export function useReaderCodes() {
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async (req: CodesRequest) => {
      const { pdf } = await api.post(`/print/barcode/${req.kind}`, { json: req.body, schema: barcodePdfSchema });
      if (req.output === 'print') printPdf(pdf);
      else downloadPdf(pdf, req.fileName);
    },
    onError: (err) => toast.error(uiText().multiSelect.codesErrorTitle, errorMessage(err), TOAST.downloadErrorSeconds),
  });
  const mutate = (req: CodesRequest) => {
    const n = codeCount(req.body);
    if (n > BARCODE_MAX_CODES) {
      const t = uiText().multiSelect;
      toast.warning(t.tooManyTitle, format(t.tooMany, { max: BARCODE_MAX_CODES, n }), TOAST.emptyBulkWarningSeconds);
      return;
    }
    mutation.mutate(req);
  };
  return { ...mutation, mutate };
}
