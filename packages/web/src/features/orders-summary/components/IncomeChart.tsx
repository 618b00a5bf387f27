import type { OrdersSummary } from '@zaplecze/contract';
import { format, pluralPl } from '@web/i18n';
import { SectionCard } from '@web/ui/SectionCard';
import { chartBars, formatDay, formatMoney, niceMax } from '../format';
import { ordersSummaryText } from '../texts';

const W = 620;
const H = 250;
const PAD = { left: 64, right: 8, top: 12, bottom: 28 };

/**
 * The month's income by day as a bar chart, a small SVG drawn by hand (no chart library in the
 * bundle). Each bar's tooltip gives the day, its income and its number of orders.
 */
export function IncomeChart({ days }: { days: OrdersSummary['byDay'] }) {
  const t = ordersSummaryText().chart;
  const bars = chartBars(days);
  const top = niceMax(Math.max(0, ...days.map((d) => d.income)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = bars.length > 0 ? plotW / bars.length : plotW;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (top > 0 ? (v / top) * plotH : 0);
  const ticks = top > 0 ? [0, top / 2, top] : [0];
  return (
    <SectionCard title={t.title} icon="bar-chart" className="h-100" testId="summary-chart">
      {top === 0 ? (
        <p className="text-muted mb-0">{t.empty}</p>
      ) : (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={t.label}
          className="w-100 h-auto"
          data-testid="summary-chart-svg"
        >
          {ticks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#dee2e6" strokeWidth={1} />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill="#6c757d">
                {formatMoney(v)}
              </text>
            </g>
          ))}
          {bars.map((b, i) => {
            const x = PAD.left + i * slot + (slot - barW) / 2;
            const label = format(t.bar, {
              day: formatDay(b.day),
              income: formatMoney(b.income),
              orders: format(pluralPl(b.ordersCount, t.orders), { n: b.ordersCount }),
            });
            return (
              <g key={b.day} data-testid="summary-chart-day" data-day={b.day} data-income={b.income}>
                <title>{label}</title>
                {/* A transparent full-height target, so a day without income still has its tooltip. */}
                <rect x={PAD.left + i * slot} y={PAD.top} width={slot} height={plotH} fill="transparent" />
                <rect
                  x={x}
                  y={y(b.income)}
                  width={barW}
                  height={Math.max(0, y(0) - y(b.income))}
                  fill="#0d6efd"
                  rx={1}
                />
                {(b.dayOfMonth === 1 || b.dayOfMonth % 5 === 0) && (
                  <text x={x + barW / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="#6c757d">
                    {b.dayOfMonth}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </SectionCard>
  );
}
