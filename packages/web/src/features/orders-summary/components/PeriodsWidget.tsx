import { SUMMARY_PERIODS, type SummaryMain, type SummaryPeriodFigures } from '@zaplecze/contract';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { formatDay } from '../format';
import { useSummaryMain } from '../orders-summary.api';
import { ordersSummaryText } from '../texts';

export interface PeriodRow {
  id: string;
  label: string;
  value(p: SummaryPeriodFigures): string;
}

/**
 * A home tile of figures for the six periods of GET /orders/summary_main (docs/rules/platform-rules.md §2 Home):
 * one row per figure, one column per period; a period's dates are its column's tooltip.
 */
export function PeriodsWidget({
  id,
  title,
  icon,
  rows,
}: {
  id: string;
  title: string;
  icon: string;
  rows: readonly PeriodRow[];
}) {
  const t = ordersSummaryText().widgets;
  const summary = useSummaryMain();
  const toast = useToast();
  useEffect(() => {
    if (summary.error)
      toast.show('error', { id: 'home-summary-main', title: t.loadErrorTitle, body: errorMessage(summary.error) });
  }, [summary.error, toast, t]);
  const data: SummaryMain | undefined = summary.data;
  return (
    <Card className="shadow-sm h-100" data-testid={`${id}-widget`}>
      <Card.Header className="fw-semibold d-flex align-items-center gap-2">
        <i className={`bi bi-${icon}`} aria-hidden="true" />
        {title}
      </Card.Header>
      <Card.Body className="p-2">
        {summary.isPending ? (
          <PageSpinner />
        ) : !data ? (
          <div className="d-flex align-items-center gap-2 text-danger p-2">
            <span className="me-auto">{errorMessage(summary.error)}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void summary.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : (
          <Table size="sm" responsive borderless striped className="mb-0 small align-middle">
            <thead>
              <tr>
                <th />
                {SUMMARY_PERIODS.map((p) => (
                  <th
                    key={p}
                    className="text-end fw-semibold text-body-secondary"
                    title={format(t.range, { from: formatDay(data[p].from), to: formatDay(data[p].to) })}
                  >
                    {t.periods[p]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`${id}-widget-${r.id}`}>
                  <th scope="row" className="fw-normal text-body-secondary" style={{ width: '22%' }}>
                    {r.label}
                  </th>
                  {SUMMARY_PERIODS.map((p) => (
                    <td key={p} className="text-end text-nowrap fw-semibold" data-period={p}>
                      {r.value(data[p])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
