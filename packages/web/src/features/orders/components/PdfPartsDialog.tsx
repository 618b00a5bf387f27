import { ORDER_PRINT_MANY_MAX } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import type { ModalComponent } from '@web/platform/modals/ModalProvider';
import { format, m } from '@web/i18n';
import { downloadPdf, printPdf } from '@web/ui/pdf';
import { chunkFileName, type PrintPart } from '../documents';
import { ordersText } from '../texts';

export interface PdfPartsDialogProps {
  /** Every chunk of the selection in order (a chunk with nothing printed has no PDF). */
  parts: PrintPart[];
  /** The §9 file name; parts are numbered (orders_bol-2.pdf). */
  fileName: string;
}

/**
 * A mass print bigger than one call (ORDER_PRINT_MANY_MAX orders) answers one PDF per call; the
 * browser prints one document at a time, so each part gets its own print and download button.
 */
export const PdfPartsDialog: ModalComponent<PdfPartsDialogProps, void> = ({ parts, fileName, close }) => {
  const t = ordersText().documents;
  const total = parts.reduce((n, p) => n + p.ids.length, 0);
  let from = 1;
  const rows = parts.map((p, i) => {
    const row = { part: i + 1, from, to: from + p.ids.length - 1, pdf: p.pdf };
    from += p.ids.length;
    return row;
  });
  return (
    <>
      <Modal.Body data-testid="order-pdf-parts">
        <p>{format(t.partsIntro, { n: total, max: ORDER_PRINT_MANY_MAX })}</p>
        <ListGroup>
          {rows.map((r) => (
            <ListGroup.Item
              key={r.part}
              className="d-flex flex-wrap align-items-center gap-2"
              data-testid={`order-pdf-part-${r.part}`}
            >
              <span className="me-auto">
                {r.pdf === null
                  ? format(t.partEmpty, { part: r.part, parts: rows.length })
                  : format(t.part, { part: r.part, parts: rows.length, from: r.from, to: r.to })}
              </span>
              {r.pdf !== null && (
                <>
                  <Button size="sm" variant="outline-primary" onClick={() => r.pdf && printPdf(r.pdf)}>
                    <i className="bi bi-printer me-1" aria-hidden="true" />
                    {t.partPrint}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => r.pdf && downloadPdf(r.pdf, chunkFileName(fileName, r.part, rows.length))}
                  >
                    <i className="bi bi-download me-1" aria-hidden="true" />
                    {t.partDownload}
                  </Button>
                </>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => close(undefined)}>
          {m().common.close}
        </Button>
      </Modal.Footer>
    </>
  );
};
