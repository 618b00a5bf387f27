import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { listResources } from '@web/data/lists.api';
import { format } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { SummaryFilters } from './components/SummaryFilters';
import { SummaryResult } from './components/SummaryResult';
import { useOrdersSummary, type SummaryRequest } from './orders-summary.api';
import { knownStatuses, readStatuses, saveStatuses } from './summary-request';
import { ordersSummaryText } from './texts';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * /orders-summary 'Podsumowanie zamówień i przychodów' (docs/rules/catalogue-and-orders-rules.md §2.18): the current
 * month opens at once (with the remembered statuses); other choices apply on 'Pokaż'.
 */
export default function OrdersSummaryPage() {
  const t = ordersSummaryText();
  const toast = useToast();
  const statuses = listResources.orderStatuses.useList();
  const sources = listResources.incomeSources.useList();
  const [chosen, setChosen] = useState<SummaryRequest>();

  // The first request waits for the statuses, so a remembered status deleted since is dropped.
  const initial = useMemo<SummaryRequest | undefined>(() => {
    if (!statuses.data) return undefined;
    const now = new Date();
    return {
      year: now.getFullYear(),
      month: now.getMonth() + 1,
      incomeSourceId: undefined,
      statuses: knownStatuses(readStatuses(storage()), statuses.data),
    };
  }, [statuses.data]);
  const request = chosen ?? initial;
  const summary = useOrdersSummary(request);

  const listError = statuses.error ?? sources.error;
  useEffect(() => {
    if (listError) toast.error(statuses.error ? t.statusesErrorTitle : t.listsErrorTitle, errorMessage(listError));
  }, [listError, statuses.error, toast, t]);
  useEffect(() => {
    if (summary.error) toast.error(t.loadErrorTitle, errorMessage(summary.error));
  }, [summary.error, toast, t]);

  return (
    <div className="mx-auto" style={{ maxWidth: 1400 }}>
      <h1 className="h3 mb-3">{t.title}</h1>
      {listError ? (
        <Alert variant="danger">{errorMessage(listError)}</Alert>
      ) : !initial || sources.isPending ? (
        <PageSpinner />
      ) : (
        <>
          <SummaryFilters
            initial={initial}
            statuses={statuses.data ?? []}
            incomeSources={sources.data ?? []}
            onShow={(r) => {
              saveStatuses(storage(), r.statuses);
              setChosen(r);
            }}
          />
          {request && (
            <h2 className="h5 mb-3" data-testid="summary-heading">
              {format(t.heading, { month: t.months[request.month - 1] ?? '', year: request.year })}
            </h2>
          )}
          {summary.isFetching && !summary.data ? (
            <PageSpinner />
          ) : summary.error ? (
            <Alert variant="danger" data-testid="summary-error">
              {errorMessage(summary.error)}
            </Alert>
          ) : summary.data ? (
            <div style={{ opacity: summary.isFetching ? 0.6 : 1 }}>
              <SummaryResult summary={summary.data} />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
