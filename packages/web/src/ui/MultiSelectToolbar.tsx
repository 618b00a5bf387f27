import { TOAST } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useCanPrintCodes, useReaderCodes } from '@web/platform/reader-codes.api';
import { format } from '@web/i18n';
import type { MultiSelect } from './useMultiSelect';
import { uiText } from './texts';

interface Props {
  select: MultiSelect;
  /** Kind of POST /print/barcode/{kind}; the body is {ids} of the selection in list order. */
  codesKind: string;
  /** Suggested name of the downloaded file (docs/rules/platform-rules.md §9). */
  fileName: string;
}

/**
 * 'Zaznacz wiele' / 'Anuluj zaznaczanie' with print and download of reader codes for the
 * selected rows (docs/rules/platform-rules.md §2 reference lists). Used by every list that offers codes; drawn
 * only for users who may print the list's codes (selection serves nothing else).
 */
export function MultiSelectToolbar({ select, codesKind, fileName }: Props) {
  const t = uiText().multiSelect;
  const toast = useToast();
  const codes = useReaderCodes();
  const canPrint = useCanPrintCodes(codesKind);

  const run = (output: 'print' | 'download') => {
    if (select.selectedIds.length === 0) {
      toast.warning(t.nothingSelectedTitle, t.nothingSelected, TOAST.emptyBulkWarningSeconds);
      return;
    }
    codes.mutate({ kind: codesKind, body: { ids: select.selectedIds }, output, fileName });
  };

  if (!canPrint) return null;
  if (!select.active) {
    return (
      <Button variant="outline-secondary" size="sm" onClick={select.start} data-testid="multi-start">
        <i className="bi bi-check2-square me-1" aria-hidden="true" />
        {t.start}
      </Button>
    );
  }
  return (
    <div className="d-flex flex-wrap align-items-center gap-2" data-testid="multi-toolbar">
      <span className="text-muted small" data-testid="multi-count">
        {format(t.selected, { n: select.selectedIds.length })}
      </span>
      <Button
        size="sm"
        variant="primary"
        disabled={codes.isPending}
        onClick={() => run('print')}
        data-testid="multi-print"
      >
        {codes.isPending ? (
          <Spinner animation="border" size="sm" className="me-1" />
        ) : (
          <i className="bi bi-printer me-1" aria-hidden="true" />
        )}
        {t.print}
      </Button>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={codes.isPending}
        onClick={() => run('download')}
        data-testid="multi-download"
      >
        <i className="bi bi-download me-1" aria-hidden="true" />
        {t.download}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={select.end} data-testid="multi-end">
        {t.end}
      </Button>
    </div>
  );
}
