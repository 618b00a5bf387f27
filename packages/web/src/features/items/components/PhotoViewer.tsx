import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '@web/platform/api';
import type { ModalComponent } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { photoUrl } from '../format';
import { useItem } from '../items.api';
import { itemsText } from '../texts';

export interface PhotoViewerProps {
  itemId: number;
  code: string;
  orgPrefix: string;
}

/**
 * The photo viewer (docs/rules/catalogue-and-orders-rules.md §2.1): the item's photos one at a time in display size,
 * 'Zdjęcie X / Y' with back and forward; a click opens the photo in a new tab. Opened with
 * `modals.open(PhotoViewer, props, code)`, so the dialog is titled with the item code.
 */
export const PhotoViewer: ModalComponent<PhotoViewerProps, void> = ({ itemId, code, orgPrefix, close }) => {
  const t = itemsText().photos;
  const item = useItem(itemId);
  const toast = useToast();
  const [index, setIndex] = useState(0);
  const photos = item.data?.photos ?? [];
  const photo = photos[index];

  useEffect(() => {
    if (item.error) toast.error(t.loadErrorTitle, errorMessage(item.error));
  }, [item.error, toast, t]);

  let body;
  if (item.isPending) body = <PageSpinner />;
  else if (item.error) body = <Alert variant="danger">{errorMessage(item.error)}</Alert>;
  else if (!photo) {
    body = (
      <div className="text-center text-muted py-4" data-testid="photo-viewer-empty">
        {t.noPhotos}
      </div>
    );
  } else {
    const url = photoUrl(photo, orgPrefix, 'display');
    body = (
      <>
        <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={index === 0}
            onClick={() => setIndex((i) => i - 1)}
            aria-label={t.previous}
            title={t.previous}
            data-testid="photo-viewer-previous"
          >
            <i className="bi bi-chevron-left" aria-hidden="true" />
          </Button>
          <span data-testid="photo-viewer-position">{format(t.position, { n: index + 1, count: photos.length })}</span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={index >= photos.length - 1}
            onClick={() => setIndex((i) => i + 1)}
            aria-label={t.next}
            title={t.next}
            data-testid="photo-viewer-next"
          >
            <i className="bi bi-chevron-right" aria-hidden="true" />
          </Button>
        </div>
        <a href={url} target="_blank" rel="noopener noreferrer" title={t.openFull} className="d-block text-center">
          <img
            src={url}
            alt={format(t.alt, { n: index + 1, code })}
            className="img-fluid rounded"
            style={{ maxHeight: '65vh' }}
            data-testid="photo-viewer-image"
          />
        </a>
      </>
    );
  }
  return (
    <>
      <Modal.Body data-testid="photo-viewer">{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => close(undefined)}>
          {m().common.close}
        </Button>
      </Modal.Footer>
    </>
  );
};
