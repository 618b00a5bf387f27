import type { OrdersSummary } from '@zaplecze/contract';
import { Fragment, type ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { ColorBadge } from '@web/ui/ColorBadge';
import { SectionCard } from '@web/ui/SectionCard';
import { formatMoney, formatStat, STAT_KINDS } from '../format';
import { ordersSummaryText } from '../texts';
import { IncomeChart } from './IncomeChart';

function Figures({ rows, testId }: { rows: [string, string, string][]; testId: string }) {
  return (
    <dl className="row mb-0" data-testid={testId}>
      {rows.map(([id, label, value]) => (
        <Fragment key={id}>
          <dt className="col-8 fw-normal text-body-secondary">{label}</dt>
          <dd className="col-4 text-end fw-semibold mb-1 text-nowrap" data-testid={`${testId}-${id}`}>
            {value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

function IncomeTable({
  head,
  rows,
  empty,
  testId,
}: {
  head: [string, string, string];
  rows: { key: string; label: ReactNode; income: number; delivery: number }[];
  empty: string;
  testId: string;
}) {
  if (rows.length === 0) return <p className="text-muted mb-0">{empty}</p>;
  return (
    <Table size="sm" className="mb-0 align-middle" data-testid={testId}>
      <thead>
        <tr>
          <th>{head[0]}</th>
          <th className="text-end">{head[1]}</th>
          <th className="text-end">{head[2]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-testid={`${testId}-row`}>
            <td>{r.label}</td>
            <td className="text-end text-nowrap">{formatMoney(r.income)}</td>
            <td className="text-end text-nowrap">{formatMoney(r.delivery)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Every block of docs/rules/catalogue-and-orders-rules.md §3 Summary, plus the daily income chart. */
export function SummaryResult({ summary: s }: { summary: OrdersSummary }) {
  const t = ordersSummaryText();
  return (
    <div data-testid="summary-result">
      <Row className="g-3 mb-3">
        <Col xl={4} className="d-flex flex-column gap-3">
          <SectionCard title={t.fullIncome.title} icon="cash-stack">
            <Figures
              testId="summary-full"
              rows={[
                ['all', t.fullIncome.all, formatMoney(s.fullIncome.all)],
                ['delivery', t.fullIncome.delivery, formatMoney(s.fullIncome.delivery)],
                ['items', t.fullIncome.items, formatMoney(s.fullIncome.items)],
              ]}
            />
          </SectionCard>
          <SectionCard title={t.notConnected.title} icon="link-45deg" className="flex-grow-1">
            <Figures
              testId="summary-not-connected"
              rows={[
                ['income', t.notConnected.income, formatMoney(s.incomeNotConnectedItems)],
                ['delivery', t.notConnected.delivery, formatMoney(s.incomeNotConnectedItemsDelivery)],
              ]}
            />
          </SectionCard>
        </Col>
        <Col xl={8}>
          <IncomeChart days={s.byDay} />
        </Col>
      </Row>
      <Row className="g-3">
        <Col lg={6} xl={4}>
          <SectionCard title={t.stats.title} icon="graph-up" className="h-100">
            <Figures
              testId="summary-stats"
              rows={(Object.keys(STAT_KINDS) as (keyof typeof STAT_KINDS)[]).map((k) => [
                k,
                t.stats[k],
                formatStat(STAT_KINDS[k], s.statistics[k]),
              ])}
            />
          </SectionCard>
        </Col>
        <Col lg={6} xl={4}>
          <SectionCard title={t.byGroup.title} icon="collection" className="h-100">
            <IncomeTable
              testId="summary-groups"
              head={[t.byGroup.group, t.byGroup.income, t.byGroup.delivery]}
              empty={t.byGroup.empty}
              rows={s.incomeByItemGroup.map((g) => ({
                key: String(g.group?.id ?? 'none'),
                label: g.group ? g.group.name : <em>{t.byGroup.noGroup}</em>,
                income: g.income,
                delivery: g.incomeDelivery,
              }))}
            />
          </SectionCard>
        </Col>
        <Col lg={12} xl={4}>
          <SectionCard title={t.byStatus.title} icon="tags" className="h-100">
            <IncomeTable
              testId="summary-statuses-table"
              head={[t.byStatus.status, t.byStatus.income, t.byStatus.delivery]}
              empty={t.byStatus.empty}
              rows={s.incomeByOrderStatuses.map((r) => ({
                key: String(r.status.id),
                label: <ColorBadge color={r.status.color}>{r.status.name}</ColorBadge>,
                income: r.income,
                delivery: r.incomeDelivery,
              }))}
            />
          </SectionCard>
        </Col>
      </Row>
    </div>
  );
}
