import { TOAST } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useCanPrintCodes, useReaderCodes } from '@web/app/reader-codes.api';
import { useToast } from '@web/app/toasts/ToastProvider';
import { format } from '@web/i18n';
import { itemsText } from '../texts';

export interface ItemsSelectionPanelProps {
  /** Codes of the selected items in list order. */
  codes: readonly string[];
  canEdit: boolean;
  deleting: boolean;
  onMassEdit(): void;
  onDelete(): void;
}

/**
 * The multi-select panel of the item list (docs/rules/catalogue-and-orders-rules.md §2.1): 'Zaznaczono: N', reader
 * codes of the selected items (POST /print/barcode/item {itemCodes}, items.pdf), mass edit and
 * mass delete.
 */
export function ItemsSelectionPanel({ codes, canEdit, deleting, onMassEdit, onDelete }: ItemsSelectionPanelProps) {
  const t = itemsText().select;
  const toast = useToast();
  const readerCodes = useReaderCodes();
  const canPrint = useCanPrintCodes('item');

  const run = (output: 'print' | 'download') => {
    if (codes.length === 0) {
      toast.warning(t.nothingTitle, t.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    readerCodes.mutate({ kind: 'item', body: { itemCodes: codes }, output, fileName: 'items.pdf' });
  };

  return (
    <Card className="shadow-sm mb-2 border-primary-subtle" data-testid="items-selection">
      <Card.Body className="d-flex flex-wrap align-items-center gap-2 py-2">
        <span className="fw-semibold me-auto" data-testid="items-selected-count">
          {format(t.selected, { n: codes.length })}
        </span>
        {canPrint && (
          <>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={readerCodes.isPending}
              onClick={() => run('print')}
              data-testid="items-print-codes"
            >
              {readerCodes.isPending && readerCodes.variables?.output === 'print' ? (
                <Spinner animation="border" size="sm" className="me-1" />
              ) : (
                <i className="bi bi-printer me-1" aria-hidden="true" />
              )}
              {t.print}
            </Button>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={readerCodes.isPending}
              onClick={() => run('download')}
              data-testid="items-download-codes"
            >
              {readerCodes.isPending && readerCodes.variables?.output === 'download' ? (
                <Spinner animation="border" size="sm" className="me-1" />
              ) : (
                <i className="bi bi-download me-1" aria-hidden="true" />
              )}
              {t.download}
            </Button>
          </>
        )}
        {canEdit && (
          <Button size="sm" variant="outline-secondary" onClick={onMassEdit} data-testid="items-mass-edit">
            <i className="bi bi-pencil-square me-1" aria-hidden="true" />
            {t.massEdit}
          </Button>
        )}
        {canEdit && (
          <Button size="sm" variant="danger" disabled={deleting} onClick={onDelete} data-testid="items-mass-delete">
            {deleting ? (
              <Spinner animation="border" size="sm" className="me-1" />
            ) : (
              <i className="bi bi-trash me-1" aria-hidden="true" />
            )}
            {t.delete}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
