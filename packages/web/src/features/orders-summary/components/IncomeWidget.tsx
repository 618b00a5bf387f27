import { formatMoney } from '../format';
import { ordersSummaryText } from '../texts';
import { PeriodsWidget } from './PeriodsWidget';

/** The home page's income tile: total income, of which delivery, of which goods (two decimals). */
export default function IncomeWidget() {
  const t = ordersSummaryText().widgets;
  return (
    <PeriodsWidget
      id="income"
      title={t.incomeTitle}
      icon="cash-coin"
      rows={[
        { id: 'all', label: t.sumAll, value: (p) => formatMoney(p.sumAll) },
        { id: 'delivery', label: t.sumDelivery, value: (p) => formatMoney(p.sumDelivery) },
        { id: 'items', label: t.sumItems, value: (p) => formatMoney(p.sumItems) },
      ]}
    />
  );
}
