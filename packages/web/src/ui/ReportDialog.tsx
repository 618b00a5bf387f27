import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ModalComponent } from '@web/platform/modals/ModalProvider';
import { downloadText, reportBlocks } from './report';
import { uiText } from './texts';

export interface ReportDialogProps {
  text: string;
  /** Suggested file name, e.g. items_mass_delete.txt (docs/rules/catalogue-and-orders-rules.md §8). */
  fileName: string;
}

/**
 * The bulk report dialog: '#' lines as headings, 'Zapisz do pliku tekstowego' and 'Zamknij'.
 * Open it with `modals.open(ReportDialog, { text, fileName }, title)`.
 */
export const ReportDialog: ModalComponent<ReportDialogProps, void> = ({ text, fileName, close }) => {
  const t = uiText().report;
  return (
    <>
      <Modal.Body data-testid="report-dialog">
        <div className="report-text" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
          {reportBlocks(text).map((b, i) =>
            b.kind === 'heading' ? (
              <h6 key={i} className="mt-3 mb-1 fw-bold">
                {b.text}
              </h6>
            ) : (
              <div key={i} className="small font-monospace text-break">
                {b.text}
              </div>
            ),
          )}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={() => downloadText(text, fileName)} data-testid="report-save">
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t.save}
        </Button>
        <Button variant="secondary" onClick={() => close(undefined)} data-testid="report-close">
          {t.close}
        </Button>
      </Modal.Footer>
    </>
  );
};
