import type { OrderRow } from '@zaplecze/contract';
import { format, formatMoney } from '@web/i18n';
import { formatDateTime } from '@web/i18n/date';
import { ColorBadge } from '@web/ui/ColorBadge';
import { rowActionsColumn } from '@web/ui/list-page';
import type { PagedColumn } from '@web/ui/paged-list';
import { uiText } from '@web/ui/texts';
import { clientName, shortWaybill } from '../format';
import { ordersText } from '../texts';

export interface OrderColumnsOptions {
  /** Multi-select mode: no actions (a click selects the row). */
  multi: boolean;
  canEdit: boolean;
  /** The id of the order being deleted (its button shows a spinner). */
  deletingId: number | undefined;
  onPreview(row: OrderRow): void;
  onMenu(row: OrderRow, button: HTMLElement): void;
  onDelete(row: OrderRow): void;
}

function Icon({ icon, title, className, testId }: { icon: string; title: string; className: string; testId: string }) {
  return <i className={`bi ${icon} ${className}`} role="img" title={title} aria-label={title} data-testid={testId} />;
}

/** §2.13 row icons: invoice, buyer message, own note, invoice annotations, problem (tooltips carry the texts). */
function RowIcons({ r }: { r: OrderRow }) {
  const t = ordersText().list;
  return (
    <span className="d-inline-flex gap-1 me-1 align-baseline">
      {r.hasInvoice && (
        <Icon
          icon={r.invoiceMailSent ? 'bi-envelope-check' : 'bi-receipt'}
          className={r.invoiceNumber ? 'text-success' : 'text-secondary'}
          title={[
            r.invoiceNumber ? format(t.iconInvoice, { number: r.invoiceNumber }) : t.iconInvoiceNoNumber,
            r.invoiceMailSent ? t.iconInvoiceSent : '',
          ]
            .filter(Boolean)
            .join('\n')}
          testId="order-icon-invoice"
        />
      )}
      {r.messageToSeller.trim() !== '' && (
        <Icon
          icon="bi-chat-left-text"
          className="text-primary"
          title={format(t.iconMessage, { text: r.messageToSeller })}
          testId="order-icon-message"
        />
      )}
      {r.comment.trim() !== '' && (
        <Icon
          icon="bi-sticky"
          className="text-warning-emphasis"
          title={format(t.iconComment, { text: r.comment })}
          testId="order-icon-comment"
        />
      )}
      {r.invoiceAnnotations.trim() !== '' && (
        <Icon
          icon="bi-card-text"
          className="text-info-emphasis"
          title={format(t.iconAnnotations, { text: r.invoiceAnnotations })}
          testId="order-icon-annotations"
        />
      )}
      {r.problem !== null && (
        <Icon
          icon="bi-exclamation-triangle-fill"
          className="text-danger"
          title={r.problem.trim() !== '' ? format(t.iconProblem, { text: r.problem }) : t.iconProblemEmpty}
          testId="order-icon-problem"
        />
      )}
    </span>
  );
}

/** The columns of the order list (docs/rules/catalogue-and-orders-rules.md §2.13); cells stay one line (virtual rows). */
export function orderColumns(o: OrderColumnsOptions): PagedColumn<OrderRow>[] {
  const t = ordersText().list;
  const tp = ordersText().preview;
  const columns: PagedColumn<OrderRow>[] = [
    {
      id: 'number',
      header: () => t.colNumber,
      width: '6rem',
      cellClassName: 'fw-semibold',
      cell: (r) => {
        const shop = r.stationary && (
          <i className="bi bi-shop ms-1 text-secondary" title={t.stationary} aria-label={t.stationary} />
        );
        // The number opens the preview; in multi-select mode a click selects the row instead.
        if (o.multi)
          return (
            <span data-testid="order-number">
              {r.id}
              {shop}
            </span>
          );
        return (
          <>
            <button
              type="button"
              className="btn btn-link p-0 border-0 fw-semibold text-decoration-none align-baseline"
              title={t.preview}
              onClick={() => o.onPreview(r)}
              data-testid="order-number"
            >
              {r.id}
            </button>
            {shop}
          </>
        );
      },
    },
    {
      id: 'date',
      header: () => t.colDate,
      width: '7.5rem',
      showFrom: 'md',
      // The day; the time is in the tooltip (rows stay one line on a laptop screen).
      cell: (r) => (
        <span title={formatDateTime(r.orderDate, false)} data-testid="order-date">
          {formatDateTime(r.orderDate, false).slice(0, 10)}
        </span>
      ),
    },
    {
      id: 'status',
      header: () => t.colStatus,
      width: '7rem',
      showFrom: 'sm',
      cell: (r) => (
        <span title={r.orderStatus.name} className="d-inline-block mw-100 align-middle">
          <ColorBadge
            color={r.orderStatus.color}
            className="mw-100 text-truncate text-nowrap d-inline-block align-middle"
            testId="order-status"
          >
            {r.orderStatus.name}
          </ColorBadge>
        </span>
      ),
    },
    {
      id: 'source',
      header: () => t.colSource,
      width: '6rem',
      showFrom: 'lg',
      cell: (r) => (
        <span title={r.incomeSource.name} data-testid="order-source">
          {r.incomeSource.name}
        </span>
      ),
    },
    {
      // No width: the buyer takes what the fixed columns leave. The row icons (§2.13) stand before
      // the name: a column of their own stood empty on most rows and took the number's room.
      id: 'client',
      header: () => t.colClient,
      cell: (r) => {
        const name = clientName(r);
        const place = [r.clientData.postCode, r.clientData.city].filter(Boolean).join(' ');
        const contact = [r.clientData.email, r.clientData.tel].filter(Boolean).join(', ');
        return (
          <span title={[name, place, contact].filter(Boolean).join('\n')}>
            <RowIcons r={r} />
            <span data-testid="order-client">{name || t.none}</span>
            {place && (
              <span className="text-muted ms-2" data-testid="order-city">
                {place}
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: 'sum',
      header: () => t.colSum,
      width: '8.5rem',
      showFrom: 'sm',
      className: 'text-end',
      cell: (r) => (
        <span title={r.cashOnDelivery ? tp.cod : undefined}>
          {r.cashOnDelivery && (
            <i className="bi bi-cash-coin text-success me-1" role="img" aria-label={tp.cod} data-testid="order-cod" />
          )}
          <span data-testid="order-sum">{formatMoney(r.orderSummary.sumGross, r.currency)}</span>
        </span>
      ),
    },
    {
      id: 'waybill',
      header: () => t.colWaybill,
      width: '8rem',
      showFrom: 'xl',
      cell: (r) => (
        <span title={r.billOfLading ?? undefined} data-testid="order-waybill">
          {shortWaybill(r.billOfLading)}
        </span>
      ),
    },
  ];
  if (!o.multi) {
    columns.push(
      rowActionsColumn<OrderRow>({
        testId: 'order',
        editPath: (r) => `/orders/${r.id}`,
        canEdit: o.canEdit,
        deletingId: o.deletingId,
        onDelete: o.onDelete,
        onMenu: o.onMenu,
        hasMenu: () => true,
        menuLabel: (r) => format(t.menuOf, { id: r.id }),
        texts: { ...t, view: uiText().listPage.view },
      }),
    );
  }
  return columns;
}
