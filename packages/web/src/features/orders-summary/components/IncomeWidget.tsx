import { formatMoney } from '../format';
import { ordersSummaryText } from '../texts';
import { PeriodsWidget } from './PeriodsWidget';

/** Income is null only for a user without main.order.summary.show, who never gets this tile. */
const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

/** The home page's income tile: total income, of which delivery, of which goods (two decimals). */
export default function IncomeWidget() {
  const t = ordersSummaryText().widgets;
  return (
    <PeriodsWidget
      id="income"
      title={t.incomeTitle}
      icon="cash-coin"
      rows={[
        { id: 'all', label: t.sumAll, value: (p) => money(p.sumAll) },
        { id: 'delivery', label: t.sumDelivery, value: (p) => money(p.sumDelivery) },
        { id: 'items', label: t.sumItems, value: (p) => money(p.sumItems) },
      ]}
    />
  );
}
