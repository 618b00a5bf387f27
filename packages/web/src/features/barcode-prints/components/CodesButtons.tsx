import type { BarcodeKind } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

import { useCanPrintCodes, useReaderCodes, type CodesOutput } from '@web/platform/reader-codes.api';
import { uiText } from '@web/ui/texts';
import { barcodePrintsText } from '../texts';

interface Props {
  kind: BarcodeKind;
  body: Record<string, unknown>;
  /** Suggested name of the downloaded file. */
  fileName: string;
  disabled?: boolean;
  testId: string;
}

/**
 * Print (opens the PDF for printing) and download of one sheet; errors toast 'Błąd pobierania kodów'
 * (10 s). A user without the sheet's permission sees a short note instead of the buttons.
 */
export function CodesButtons({ kind, body, fileName, disabled, testId }: Props) {
  const t = barcodePrintsText();
  const codes = useReaderCodes();
  const canPrint = useCanPrintCodes(kind);
  const pending = (output: CodesOutput) => codes.isPending && codes.variables.output === output;
  const run = (output: CodesOutput) => codes.mutate({ kind, body, output, fileName });
  if (!canPrint) {
    return (
      <p className="text-muted small mb-0" data-testid={`${testId}-no-permission`}>
        {uiText().multiSelect.noPermission}
      </p>
    );
  }
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button
        variant="primary"
        size="sm"
        disabled={disabled || codes.isPending}
        onClick={() => run('print')}
        data-testid={`${testId}-print`}
      >
        {pending('print') ? (
          <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
        ) : (
          <i className="bi bi-printer me-1" aria-hidden="true" />
        )}
        {t.print}
      </Button>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={disabled || codes.isPending}
        onClick={() => run('download')}
        data-testid={`${testId}-download`}
      >
        {pending('download') ? (
          <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
        ) : (
          <i className="bi bi-download me-1" aria-hidden="true" />
        )}
        {t.download}
      </Button>
    </div>
  );
}
