import { formatCount } from '../format';
import { ordersSummaryText } from '../texts';
import { PeriodsWidget } from './PeriodsWidget';

/** The home page's order tile: orders, items in them, with a problem / without an invoice number. */
export default function OrdersWidget() {
  const t = ordersSummaryText().widgets;
  return (
    <PeriodsWidget
      id="orders"
      title={t.ordersTitle}
      icon="cart3"
      rows={[
        { id: 'orders', label: t.ordersCount, value: (p) => formatCount(p.ordersCount) },
        { id: 'items', label: t.itemsCount, value: (p) => formatCount(p.itemsCount) },
        {
          id: 'problems',
          label: t.problemsInvoices,
          value: (p) => `${formatCount(p.ordersWithProblem)} / ${formatCount(p.invoicesWithoutNumber)}`,
        },
      ]}
    />
  );
}
