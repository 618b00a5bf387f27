import { TOAST } from '@zaplecze/contract';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useCanPrintCodes, useReaderCodes } from '@web/platform/reader-codes.api';
import { useToast } from '@web/platform/toasts/ToastProvider';

export interface SelectionPanelProps {
  /** Prefix of test ids: items-selection, items-selected-count. */
  testId: string;
  /** 'Zaznaczono: N'. */
  countText: string;
  /** The list's mass actions. */
  children: ReactNode;
}

/** The panel of a list's multi-select mode: how many rows are selected and what can be done with them. */
export function SelectionPanel({ testId, countText, children }: SelectionPanelProps) {
  return (
    <Card className="shadow-sm mb-2 border-primary-subtle" data-testid={`${testId}-selection`}>
      <Card.Body className="d-flex flex-wrap align-items-center gap-2 py-2">
        <span className="fw-semibold me-auto" data-testid={`${testId}-selected-count`}>
          {countText}
        </span>
        {children}
      </Card.Body>
    </Card>
  );
}

/** A button's icon, or a spinner while its action runs. */
export function BusyIcon({ busy, icon }: { busy: boolean; icon: string }) {
  return busy ? (
    <Spinner animation="border" size="sm" className="me-1" />
  ) : (
    <i className={`bi ${icon} me-1`} aria-hidden="true" />
  );
}

export interface ReaderCodeButtonsProps {
  /** Kind of POST /print/barcode/{kind}. */
  kind: string;
  /** The request body for the selection (e.g. {itemCodes}), or null when nothing is selected. */
  body: Record<string, unknown> | null;
  fileName: string;
  testId: string;
  texts: { print: string; download: string; nothingTitle: string; nothing: string };
}

/** Print and download of the selected rows' reader codes; drawn only for users who may print them. */
export function ReaderCodeButtons({ kind, body, fileName, testId, texts }: ReaderCodeButtonsProps) {
  const toast = useToast();
  const readerCodes = useReaderCodes();
  const canPrint = useCanPrintCodes(kind);
  if (!canPrint) return null;
  const run = (output: 'print' | 'download') => {
    if (body === null) {
      toast.warning(texts.nothingTitle, texts.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    readerCodes.mutate({ kind, body, output, fileName });
  };
  const pending = (output: 'print' | 'download') => readerCodes.isPending && readerCodes.variables?.output === output;
  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={readerCodes.isPending}
        onClick={() => run('print')}
        data-testid={`${testId}-print-codes`}
      >
        <BusyIcon busy={pending('print')} icon="bi-printer" />
        {texts.print}
      </Button>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={readerCodes.isPending}
        onClick={() => run('download')}
        data-testid={`${testId}-download-codes`}
      >
        <BusyIcon busy={pending('download')} icon="bi-download" />
        {texts.download}
      </Button>
    </>
  );
}

export interface MassEditDeleteProps {
  testId: string;
  deleting: boolean;
  onMassEdit(): void;
  onDelete(): void;
  texts: { massEdit: string; delete: string };
}

/** 'Edycja masowa' and 'Usuń' of the selection (only for users who may edit the list). */
export function MassEditDeleteButtons({ testId, deleting, onMassEdit, onDelete, texts }: MassEditDeleteProps) {
  return (
    <>
      <Button size="sm" variant="outline-secondary" onClick={onMassEdit} data-testid={`${testId}-mass-edit`}>
        <i className="bi bi-pencil-square me-1" aria-hidden="true" />
        {texts.massEdit}
      </Button>
      <Button size="sm" variant="danger" disabled={deleting} onClick={onDelete} data-testid={`${testId}-mass-delete`}>
        <BusyIcon busy={deleting} icon="bi-trash" />
        {texts.delete}
      </Button>
    </>
  );
}
