import { splitOptionList } from '@zaplecze/contract';
import { useEffect, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useCountries } from '@web/features/register/register.api';
import { listResources } from '@web/data/lists.api';
import { useOptions } from '@web/data/options.api';
import { missingLists } from '@web/features/settings/settings-nav';
import { format } from '@web/i18n';
import { ColorBadge } from '@web/ui/ColorBadge';
import { MissingListsAlert } from '@web/ui/MissingListsAlert';
import { PageSpinner } from '@web/ui/PageSpinner';
import { OrderForm, type OrderFormLists } from './components/OrderForm';
import { useCarriers, useOrder } from './order-edit.api';
import { ORDER_DEFAULT_KEYS, type OrderDefaults } from './order-form';
import { orderEditText } from './texts';

const OPTION_KEYS = [
  'VAT_VALUES',
  'VAT_DEFAULT_ORDER_ITEM',
  'VAT_DEFAULT_ORDER_DELIVERY',
  'VAT_DEFAULT_STATIONARY_DELIVERY',
  'CURRENCY_VALUES',
  'CURRENCY_DEFAULT',
  'DEFAULT_ORDER_STATUS_ID',
  'DEFAULT_ORDER_STATUS_ID_STATIONARY',
  'DEFAULT_INCOME_SOURCE_ID',
  'DEFAULT_INCOME_SOURCE_ID_STATIONARY',
] as const;

export const ORDERS_URL = '/orders';

/**
 * /orders/{id}: edit an order; 0 adds one, -1 adds a stationary one (docs/rules/catalogue-and-orders-rules.md §2, §2.14).
 * A save goes back to /orders.
 */
export default function OrderEditPage() {
  const t = orderEditText();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id >= -1;
  const isNew = id <= 0;
  const stationary = id === -1;
  const toast = useToast();
  const navigate = useNavigate();

  const order = useOrder(valid ? id : 0);
  const options = useOptions(OPTION_KEYS);
  const statuses = listResources.orderStatuses.useList();
  const sources = listResources.incomeSources.useList();
  const carriers = useCarriers();
  const countries = useCountries();

  const listError = options.error ?? statuses.error ?? sources.error;
  useEffect(() => {
    if (order.error) toast.error(t.loadErrorTitle, errorMessage(order.error));
  }, [order.error, toast, t]);
  useEffect(() => {
    if (listError) toast.error(statuses.error ? t.statusesErrorTitle : t.loadDataErrorTitle, errorMessage(listError));
  }, [listError, statuses.error, toast, t]);
  // Without carriers or countries the form still works (no carrier, the order's own country).
  useEffect(() => {
    if (carriers.error) toast.error(t.delivery.carriersError, errorMessage(carriers.error));
  }, [carriers.error, toast, t]);
  useEffect(() => {
    if (countries.error) toast.error(t.delivery.countriesError, errorMessage(countries.error));
  }, [countries.error, toast, t]);

  const defaults = useMemo<OrderDefaults>(() => {
    const o = options.data;
    const pick = (keys: readonly [string, string]) => (o ? (o[keys[stationary ? 1 : 0] as keyof typeof o] ?? '') : '');
    return {
      stationary,
      orderStatusId: pick(ORDER_DEFAULT_KEYS.status),
      incomeSourceId: pick(ORDER_DEFAULT_KEYS.incomeSource),
      deliveryVat: pick(ORDER_DEFAULT_KEYS.deliveryVat),
      currency: o?.CURRENCY_DEFAULT || 'PLN',
      lineVat: o?.VAT_DEFAULT_ORDER_ITEM ?? '',
    };
  }, [options.data, stationary]);
  const lists = useMemo<OrderFormLists>(
    () => ({
      statuses: statuses.data ?? [],
      incomeSources: sources.data ?? [],
      vatValues: splitOptionList(options.data?.VAT_VALUES),
      currencyValues: splitOptionList(options.data?.CURRENCY_VALUES),
      carriers: carriers.data ?? [],
      countries: countries.data ?? [],
    }),
    [statuses.data, sources.data, options.data, carriers.data, countries.data],
  );

  // A new organisation has them (its starter data); a seller who deleted them is told where they are.
  const missing = useMemo(
    () =>
      missingLists([
        ['order-statuses', t.missing.orderStatuses, statuses.data?.length === 0],
        ['income-sources', t.missing.incomeSources, sources.data?.length === 0],
        ['settings-vat', t.missing.vat, options.data !== undefined && lists.vatValues.length === 0],
      ]),
    [statuses.data, sources.data, options.data, lists.vatValues, t],
  );

  if (!valid) return <Navigate to={ORDERS_URL} replace />;
  const loading =
    (!isNew && order.isPending) ||
    options.isPending ||
    statuses.isPending ||
    sources.isPending ||
    (carriers.isPending && !carriers.error) ||
    (countries.isPending && !countries.error);
  const o = order.data;
  return (
    <div className="mx-auto" style={{ maxWidth: 1400 }}>
      <Link to={ORDERS_URL} className="d-inline-block mb-2 text-decoration-none" data-testid="order-back">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t.back}
      </Link>
      <h1 className="h3 mb-3 d-flex flex-wrap align-items-center gap-2" data-testid="order-heading">
        <span>
          {isNew ? (stationary ? t.createStationaryHeading : t.createHeading) : format(t.editHeading, { id })}
        </span>
        {o && (
          <ColorBadge color={o.orderStatus.color} className="fs-6" testId="order-heading-status">
            {o.orderStatus.name}
          </ColorBadge>
        )}
        {(stationary || o?.stationary) && (
          <span className="badge text-bg-secondary fs-6" data-testid="order-stationary">
            {t.general.stationaryBadge}
          </span>
        )}
      </h1>
      {o && (
        <p className="small text-muted mt-n2" data-testid="order-modified">
          {format(t.general.modified, {
            date: new Date(o.lastModDate).toLocaleString('pl-PL'),
            user: o.modifiedByUser ?? '—',
          })}
        </p>
      )}
      {!isNew && order.error ? (
        <Alert variant="danger" data-testid="order-load-error">
          {errorMessage(order.error)}
        </Alert>
      ) : listError ? (
        <Alert variant="danger" data-testid="order-load-error">
          {errorMessage(listError)}
        </Alert>
      ) : loading ? (
        <PageSpinner />
      ) : (
        <>
          <MissingListsAlert missing={missing} testId="order-missing-lists" />
          <OrderForm
            key={id}
            order={isNew ? undefined : o}
            defaults={defaults}
            lists={lists}
            onSaved={() => navigate(ORDERS_URL)}
          />
        </>
      )}
    </div>
  );
}
