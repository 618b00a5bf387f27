import { Fragment, useEffect, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, formatInteger, pluralPl } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { megabytes, quotaMegabytes, quotaPercent } from '../format';
import { useItemsSummary } from '../items.api';
import { itemsText } from '../texts';

/**
 * The home page's items summary (docs/rules/platform-rules.md §2 Home): counts and storage use of photos and files;
 * with a storage quota (ORG_STORAGE_QUOTA_MB), the files' use against it and a bar.
 */
export default function ItemsWidget() {
  const t = itemsText().widget;
  const summary = useItemsSummary();
  const toast = useToast();
  useEffect(() => {
    if (summary.error) toast.error(t.loadErrorTitle, errorMessage(summary.error));
  }, [summary.error, toast, t]);

  const s = summary.data;
  const size = (bytes: number, quota: number | null = null) => (
    <span title={format(pluralPl(bytes, t.bytes), { n: formatInteger(bytes) })}>
      {quota === null
        ? format(t.megabytes, { mb: megabytes(bytes) })
        : format(t.ofQuota, { mb: megabytes(bytes), quota: quotaMegabytes(quota) })}
    </span>
  );
  const rows: [string, string, ReactNode][] = s
    ? [
        ['items', t.items, formatInteger(s.itemsCount)],
        ['in-stock', t.inStock, formatInteger(s.countWareAll)],
        ['photos', t.photos, formatInteger(s.photosCount)],
        ['photos-size', t.photosSize, size(s.photosDirSize)],
        ['files-size', t.filesSize, size(s.userDirSize, s.storageQuotaBytes)],
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
          <>
            <dl className="row mb-0">
              {rows.map(([id, label, value]) => (
                <Fragment key={id}>
                  <dt className="col-7 fw-normal text-body-secondary">{label}</dt>
                  <dd className="col-5 text-end fw-semibold mb-1" data-testid={`items-widget-${id}`}>
                    {value}
                  </dd>
                </Fragment>
              ))}
            </dl>
            {s && s.storageQuotaBytes !== null && <QuotaBar used={s.userDirSize} quota={s.storageQuotaBytes} />}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** The share of the storage quota used: amber from 80%, red from 95%. */
function QuotaBar({ used, quota }: { used: number; quota: number }) {
  const t = itemsText().widget;
  const percent = quotaPercent(used, quota);
  return (
    <ProgressBar
      now={percent}
      variant={percent >= 95 ? 'danger' : percent >= 80 ? 'warning' : 'success'}
      className="mt-2"
      style={{ height: 6 }}
      label={format(t.quotaBar, { percent })}
      visuallyHidden
      data-testid="items-widget-quota"
    />
  );
}
