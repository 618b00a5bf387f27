import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format } from '@web/i18n';
import { photoThumbUrl, useReaderItem } from '../item-reader.api';
import { itemReaderText } from '../texts';

/** The item being processed: code, name, main photo, stock and place (GET /items?fullcode=). */
export function CurrentItem({ code }: { code: string | null }) {
  const t = itemReaderText().item;
  const auth = useAuth();
  const toast = useToast();
  const item = useReaderItem(code);
  useEffect(() => {
    if (item.error) toast.error(t.loadErrorTitle, errorMessage(item.error));
  }, [item.error, toast, t]);

  const data = item.data;
  const photo = data ? (data.photos[0] ?? data.itemSummary.mainPhoto) : null;
  const prefix = auth.user?.organization.prefix ?? '';
  return (
    <Card className="shadow-sm h-100" data-testid="reader-item">
      <Card.Header className="d-flex align-items-center">
        <span className="me-auto">{t.heading}</span>
        {item.isFetching && <Spinner animation="border" size="sm" />}
      </Card.Header>
      <Card.Body>
        {code === null ? (
          <p className="text-muted mb-0" data-testid="reader-item-none">
            {t.none}
          </p>
        ) : data === null ? (
          <p className="text-danger mb-0">{format(t.notFound, { code })}</p>
        ) : (
          <div className="d-flex flex-wrap gap-3">
            <div
              className="border rounded d-flex align-items-center justify-content-center bg-light flex-shrink-0"
              style={{ width: 120, height: 120 }}
            >
              {photo ? (
                <img
                  src={photoThumbUrl(photo, prefix)}
                  alt={format(t.photo, { code })}
                  style={{ maxWidth: 118, maxHeight: 118, objectFit: 'contain' }}
                  data-testid="reader-item-photo"
                />
              ) : (
                <span className="text-muted small text-center">
                  <i className="bi bi-image fs-3 d-block" aria-hidden="true" />
                  {t.noPhoto}
                </span>
              )}
            </div>
            <dl className="row mb-0 flex-grow-1 small reader-item-facts">
              <dt className="col-4">{t.code}</dt>
              <dd className="col-8 fw-semibold font-monospace" data-testid="reader-item-code">
                {data?.code ?? code}
              </dd>
              <dt className="col-4">{t.name}</dt>
              <dd className="col-8" data-testid="reader-item-name">
                {data?.name}
              </dd>
              <dt className="col-4">{t.stock}</dt>
              <dd className="col-8 fs-5 fw-bold" data-testid="reader-item-stock">
                {data?.countWare}
              </dd>
              <dt className="col-4">{t.place}</dt>
              <dd className="col-8 mb-0" data-testid="reader-item-place">
                {data ? (data.place?.fullName ?? <span className="text-muted">{t.noPlace}</span>) : null}
              </dd>
            </dl>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
