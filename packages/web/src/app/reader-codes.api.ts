import { barcodePdfSchema, TOAST } from '@zaplecze/contract';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '@web/app/api';
import { useToast } from '@web/app/toasts/ToastProvider';

import { downloadPdf, printPdf } from '@web/ui/pdf';
import { uiText } from '@web/ui/texts';

export type CodesOutput = 'print' | 'download';

export interface CodesRequest {
  /** A kind of POST /print/barcode/{kind} (platform.md §7). */
  kind: string;
  body: Record<string, unknown>;
  output: CodesOutput;
  /** File name for downloads (platform.md §9), e.g. places.pdf. */
  fileName: string;
}

/**
 * Shared by every list that offers reader codes (ui/MultiSelectToolbar) and the sheets screen,
 * so it lives in app/: ui/ never imports a feature.
 *
 * Fetches a reader-code sheet and prints it (browser print dialog) or saves it as a file.
 * Errors show 'Błąd pobierania kodów' for 10 s (platform.md §8, §9).
 */
export function useReaderCodes() {
  const toast = useToast();
  return useMutation({
    mutationFn: async (req: CodesRequest) => {
      const { pdf } = await api.post(`/print/barcode/${req.kind}`, { json: req.body, schema: barcodePdfSchema });
      if (req.output === 'print') printPdf(pdf);
      else downloadPdf(pdf, req.fileName);
    },
    onError: (err) => toast.error(uiText().multiSelect.codesErrorTitle, errorMessage(err), TOAST.downloadErrorSeconds),
  });
}
