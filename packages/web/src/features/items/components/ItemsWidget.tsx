import { Fragment, useEffect, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { errorMessage } from '@web/app/api';
import { useToast } from '@web/app/toasts/ToastProvider';
import { format, formatInteger, pluralPl } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { megabytes } from '../format';
import { useItemsSummary } from '../items.api';
import { itemsText } from '../texts';

/** The home page's items summary (platform.md §2 Home): counts and storage use of photos and files. */
export default function ItemsWidget() {
  const t = itemsText().widget;
  const summary = useItemsSummary();
  const toast = useToast();
  useEffect(() => {
    if (summary.error) toast.error(t.loadErrorTitle, errorMessage(summary.error));
  }, [summary.error, toast, t]);

  const s = summary.data;
  const size = (bytes: number) => (
    <span title={format(pluralPl(bytes, t.bytes), { n: formatInteger(bytes) })}>
      {format(t.megabytes, { mb: megabytes(bytes) })}
    </span>
  );
  const rows: [string, string, ReactNode][] = s
    ? [
        ['items', t.items, formatInteger(s.itemsCount)],
        ['in-stock', t.inStock, formatInteger(s.countWareAll)],
        ['photos', t.photos, formatInteger(s.photosCount)],
        ['photos-size', t.photosSize, size(s.photosDirSize)],
        ['files-size', t.filesSize, size(s.userDirSize)],
      ]
    : [];
  return (
    <Card className="shadow-sm h-100" data-testid="items-widget">
      <Card.Header className="fw-semibold d-flex align-items-center gap-2">
        <i className="bi bi-box-seam" aria-hidden="true" />
        {t.title}
      </Card.Header>
      <Card.Body>
        {summary.isPending ? (
          <PageSpinner />
        ) : summary.error ? (
          <div className="d-flex align-items-center gap-2 text-danger">
            <span className="me-auto">{errorMessage(summary.error)}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void summary.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : (
          <dl className="row mb-0">
            {rows.map(([id, label, value]) => (
              <Fragment key={id}>
                <dt className="col-8 fw-normal text-body-secondary">{label}</dt>
                <dd className="col-4 text-end fw-semibold mb-1" data-testid={`items-widget-${id}`}>
                  {value}
                </dd>
              </Fragment>
            ))}
          </dl>
        )}
      </Card.Body>
    </Card>
  );
}
