import {
  formatVat,
  hasPermissionForScreen,
  itemLookupAnswerSchema,
  type Item,
  type Order,
  type OrderLine,
} from '@zaplecze/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Dropdown from 'react-bootstrap/Dropdown';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { api, errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { itemKeys } from '@web/features/items/items.api';
import { photoUrl } from '@web/features/items/format';
import { format, formatMoney, m } from '@web/i18n';
import { formatDateTime } from '@web/i18n/date';
import { ColorBadge } from '@web/ui/ColorBadge';
import type { DocumentAction, DocumentTarget } from '../documents';
import { cancelShipment, useOrderShipment, usePrintLog } from '../documents.api';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { formatWeight } from '../format';
import { orderKeys, useOrder } from '../orders.api';
import { saleDocumentItems, shippingDocumentItems } from '../row-menu';
import { ordersText } from '../texts';

export interface OrderPreviewDialogProps {
  id: number;
  /** main.order.edit: the documents menu is offered. */
  canEdit: boolean;
  /** A document action of this order is running. */
  busy: boolean;
  /** The organisation issues receipts: a stationary order's document is its receipt. */
  receipts: boolean;
  onDocument(target: DocumentTarget, action: DocumentAction): void;
  onClose(): void;
}

/** What the document actions need of the whole order. */
export function documentTarget(o: Order): DocumentTarget {
  return {
    id: o.id,
    stationary: o.stationary,
    hasInvoice: o.invoice !== null,
    invoiceNumber: o.invoice?.invoiceNumber ?? null,
    invoiceMailSent: o.invoice?.invoiceMailSent ?? false,
  };
}

/**
 * 'Podgląd' (docs/rules/catalogue-and-orders-rules.md §2.13): every field of the order, read whole by id, its print log
 * and (with main.order.edit) the label, waybill, invoice and receipt actions of the row menu.
 */
export function OrderPreviewDialog({ id, canEdit, busy, receipts, onDocument, onClose }: OrderPreviewDialogProps) {
  const t = ordersText().preview;
  const order = useOrder(id);
  const o = order.data;
  const run = (action: DocumentAction) => o && onDocument(documentTarget(o), action);
  const documentItems = o
    ? [...shippingDocumentItems(run, false), ...saleDocumentItems(documentTarget(o), receipts, run)]
    : [];
  return (
    <Modal show onHide={onClose} size="xl" scrollable data-testid="order-preview-dialog">
      <Modal.Header closeButton>
        <Modal.Title>{format(t.title, { id })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {order.data ? (
          <Preview order={order.data} canEdit={canEdit} />
        ) : order.error ? (
          <Alert variant="danger" className="mb-0">
            <div className="fw-semibold">{t.loadErrorTitle}</div>
            {errorMessage(order.error)}
          </Alert>
        ) : (
          <div className="text-center py-4">
            <Spinner animation="border" size="sm" className="me-2" />
            {t.loading}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        {canEdit && o && (
          <Dropdown drop="up" className="me-auto" data-testid="order-preview-documents">
            <Dropdown.Toggle variant="outline-primary" disabled={busy} data-testid="order-preview-documents-toggle">
              {busy ? (
                <Spinner animation="border" size="sm" className="me-1" />
              ) : (
                <i className="bi bi-file-earmark-text me-1" aria-hidden="true" />
              )}
              {ordersText().documents.menu}
            </Dropdown.Toggle>
            <Dropdown.Menu>
              {documentItems.map((item) => (
                <div key={item.id}>
                  {item.divider && <Dropdown.Divider />}
                  <Dropdown.Item as="button" onClick={item.onSelect} data-testid={`order-preview-doc-${item.id}`}>
                    {item.icon && <i className={`bi ${item.icon} me-2`} aria-hidden="true" />}
                    {item.label}
                  </Dropdown.Item>
                </div>
              ))}
            </Dropdown.Menu>
          </Dropdown>
        )}
        <Link to={`/orders/${id}`} className="btn btn-primary" data-testid="order-preview-edit">
          <i className="bi bi-pencil me-1" aria-hidden="true" />
          {t.editOrder}
        </Link>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {m().common.close}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

/** One labelled value; empty values show '---'. */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <div className="mb-2">
      <div className="small text-muted">{label}</div>
      <div className="text-break text-pre-line" data-testid={testId}>
        {empty ? ordersText().preview.empty : children}
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Col md={4} className="mb-3">
      <h6 className="border-bottom pb-1 mb-2">{title}</h6>
      {children}
    </Col>
  );
}

function Preview({ order: o, canEdit }: { order: Order; canEdit: boolean }) {
  const t = ordersText().preview;
  const money = (n: number) => formatMoney(n, o.currency);
  const c = o.clientData;
  const inv = o.invoice;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <ColorBadge color={o.orderStatus.color} className="fs-6" testId="order-preview-status">
          {o.orderStatus.name}
        </ColorBadge>
        {o.stationary && <span className="badge text-bg-secondary">{t.stationary}</span>}
        {o.cashOnDelivery && (
          <span className="badge text-bg-warning" data-testid="order-preview-cod">
            <i className="bi bi-cash-coin me-1" aria-hidden="true" />
            {t.cod}
          </span>
        )}
        <span className="ms-auto fs-5 fw-semibold" data-testid="order-preview-sum">
          {t.sumGross}: {money(o.orderSummary.sumGross)}
        </span>
      </div>
      <Row>
        <Section title={t.general}>
          <Field label={t.orderDate}>{formatDateTime(o.orderDate)}</Field>
          <Field label={t.lastModDate}>
            {formatDateTime(o.lastModDate)}
            {o.modifiedByUser ? ` (${o.modifiedByUser})` : ''}
          </Field>
          <Field label={t.incomeSource} testId="order-preview-source">
            {o.incomeSource.name}
          </Field>
          <Field label={t.externalId}>{o.externalId ?? ''}</Field>
          <Field label={t.message} testId="order-preview-message">
            {o.messageToSeller}
          </Field>
          <Field label={t.comment} testId="order-preview-comment">
            {o.comment}
          </Field>
          <Field label={t.annotations}>{o.invoiceAnnotations}</Field>
          <Field label={t.problem} testId="order-preview-problem">
            {o.problem === null ? '' : o.problem || t.yes}
          </Field>
        </Section>
        <Section title={t.delivery}>
          <Field label={t.shippingMethod}>{t.shippingMethods[o.shippingMethod]}</Field>
          <Field label={t.carrier}>
            {o.carrierMethod
              ? [o.carrierMethod.carrier.name, o.carrierMethod.name, o.carrierMethod.subName]
                  .filter(Boolean)
                  .join(' - ')
              : ''}
          </Field>
          <Field label={t.deliveryCost} testId="order-preview-delivery">
            {format(t.deliveryCostValue, {
              amount: formatMoney(o.deliveryCost, o.currency),
              vat: formatVat(o.deliveryVat),
            })}
          </Field>
          <Field label={t.cashOnDelivery}>{o.cashOnDelivery ? t.yes : t.no}</Field>
          <Field label={t.sizes} testId="order-preview-sizes">
            {format(t.sizesValue, { a: o.sizeA, b: o.sizeB, c: o.sizeC })}
          </Field>
          <Field label={t.weight} testId="order-preview-weight">
            {format(t.weightValue, { kg: formatWeight(o.weight) })}
          </Field>
          <Field label={t.waybill} testId="order-preview-waybill">
            {o.billOfLading ?? ''}
          </Field>
        </Section>
        <Section title={t.client}>
          <Field label={t.nameSurname} testId="order-preview-client">
            {c.nameSurname}
          </Field>
          <Field label={t.companyName}>{c.companyName}</Field>
          <Field label={t.address}>
            {[[c.street, c.buildNr].filter(Boolean).join(' '), [c.postCode, c.city].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join('\n')}
          </Field>
          <Field label={t.country}>{c.countryCode}</Field>
          <Field label={t.pickupPoint}>{c.pickupPoint}</Field>
          <Field label={t.email}>{c.email}</Field>
          <Field label={t.tel}>{c.tel}</Field>
        </Section>
      </Row>
      <h6 className="border-bottom pb-1 mb-2">{t.invoice}</h6>
      {inv ? (
        <Row className="mb-3" data-testid="order-preview-invoice">
          <Col md={4}>
            <Field label={t.invoiceNumber}>{inv.invoiceNumber ?? t.invoiceNotIssued}</Field>
            <Field label={t.invoiceMailSent}>{inv.invoiceMailSent ? t.yes : t.no}</Field>
          </Col>
          <Col md={4}>
            {inv.isCompany ? (
              <>
                <Field label={t.buyerCompany}>{inv.companyName}</Field>
                <Field label={t.companyTaxId}>{inv.companyTaxId}</Field>
              </>
            ) : (
              <Field label={t.buyerPrivate}>{inv.nameSurname}</Field>
            )}
          </Col>
          <Col md={4}>
            <Field label={t.address}>
              {[inv.address, [inv.postCode, inv.city].filter(Boolean).join(' '), inv.countryCode]
                .filter(Boolean)
                .join('\n')}
            </Field>
          </Col>
        </Row>
      ) : (
        <p className="text-muted" data-testid="order-preview-invoice">
          {t.noInvoice}
        </p>
      )}
      <h6 className="border-bottom pb-1 mb-2">{t.items}</h6>
      <Lines order={o} />
      <h6 className="border-bottom pb-1 mb-2 mt-3">{ordersText().documents.shipment}</h6>
      <Shipment orderId={o.id} canEdit={canEdit} />
      <h6 className="border-bottom pb-1 mb-2 mt-3">{ordersText().documents.log}</h6>
      <PrintLog orderId={o.id} />
    </>
  );
}

/** The lines with their items' photo and external data (read for linked lines, when the user may see items). */
function Lines({ order: o }: { order: Order }) {
  const t = ordersText().preview;
  const { user } = useAuth();
  const canSeeItems = hasPermissionForScreen(user?.permissions ?? '', 'main.items.show');
  const orgPrefix = user?.organization.prefix ?? '';
  const ids = [...new Set(o.items.map((l) => l.itemId).filter((id): id is number => id !== null))];
  const items = useQueries({
    queries: ids.map((id) => ({
      queryKey: itemKeys.detail(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api.get('/items', { query: { id }, schema: itemLookupAnswerSchema, signal })).items[0] ?? null,
      enabled: canSeeItems,
      retry: false,
    })),
  });
  const byId = new Map<number, Item>();
  items.forEach((q, i) => {
    const id = ids[i];
    if (q.data && id !== undefined) byId.set(id, q.data);
  });
  if (o.items.length === 0) return <p className="text-muted">{t.noItems}</p>;
  const money = (n: number) => formatMoney(n, o.currency);
  return (
    <Table size="sm" responsive className="align-middle" data-testid="order-preview-lines">
      <thead>
        <tr>
          <th style={{ width: '4rem' }}>{t.colPhoto}</th>
          <th>{t.colCode}</th>
          <th>{t.colName}</th>
          <th className="text-end">{t.colPrice}</th>
          <th className="text-end">{t.colVat}</th>
          <th className="text-end">{t.colQuantity}</th>
          <th className="text-end">{t.colSum}</th>
          <th>{t.colExternal}</th>
        </tr>
      </thead>
      <tbody>
        {o.items.map((l) => (
          <LineRow
            key={l.id}
            line={l}
            item={l.itemId === null ? undefined : byId.get(l.itemId)}
            orgPrefix={orgPrefix}
            money={money}
          />
        ))}
      </tbody>
    </Table>
  );
}

function LineRow({
  line: l,
  item,
  orgPrefix,
  money,
}: {
  line: OrderLine;
  item: Item | undefined;
  orgPrefix: string;
  money: (n: number) => string;
}) {
  const t = ordersText().preview;
  const photo = item?.photos[0];
  const ext = item?.externalData;
  return (
    <tr data-testid="order-preview-line">
      <td>
        {photo ? (
          <img
            src={photoUrl(photo, orgPrefix, 'thumb')}
            alt=""
            style={{ maxHeight: 40, maxWidth: 56 }}
            loading="lazy"
          />
        ) : (
          <i className="bi bi-image text-body-tertiary" title={t.noPhoto} aria-label={t.noPhoto} />
        )}
      </td>
      <td className="text-nowrap">
        {l.itemId !== null ? (
          <Link to={`/items/${l.itemId}`} title={format(t.itemLink, { code: l.code })}>
            {l.code || l.itemId}
          </Link>
        ) : (
          l.code
        )}
      </td>
      <td>{l.name}</td>
      <td className="text-end text-nowrap">{money(l.price)}</td>
      <td className="text-end">{formatVat(l.vat)}</td>
      <td className="text-end">{l.quantity}</td>
      <td className="text-end text-nowrap">{money(Math.round(l.price * 100 * l.quantity) / 100)}</td>
      <td className="small">
        {ext && (
          <>
            {ext.code && <div>{format(t.externalCode, { code: ext.code })}</div>}
            <div>{format(t.externalPrice, { price: money(ext.price) })}</div>
            {ext.url && (
              <a href={ext.url} target="_blank" rel="noopener noreferrer">
                <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
                {t.externalUrl}
              </a>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

const STATE_VARIANT: Record<string, string> = {
  PENDING: 'warning',
  CREATED: 'info',
  IN_TRANSIT: 'primary',
  DELIVERED: 'success',
  RETURNED: 'danger',
  CANCELLED: 'secondary',
  UNKNOWN: 'light',
};

/**
 * The order's shipment (GET /orders/shipment): carrier, waybill number (or that the carrier is
 * still preparing it), where the parcel is as the carrier last said, and 'Anuluj przesyłkę' while
 * the carrier can still cancel it (main.order.edit).
 */
function Shipment({ orderId, canEdit }: { orderId: number; canEdit: boolean }) {
  const t = ordersText().documents;
  const shipment = useOrderShipment(orderId);
  const modals = useModals();
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (shipment.error)
    return (
      <Alert variant="danger" className="py-2">
        <span className="fw-semibold me-1">{t.shipmentLoadError}:</span>
        {errorMessage(shipment.error)}
      </Alert>
    );
  if (shipment.data === undefined)
    return (
      <div className="text-muted small py-2">
        <Spinner animation="border" size="sm" className="me-2" />
      </div>
    );
  const s = shipment.data;
  if (s === null)
    return (
      <p className="text-muted" data-testid="order-shipment">
        {t.shipmentNone}
      </p>
    );
  async function cancel() {
    if (!s) return;
    const yes = await modals.confirm({
      title: t.shipmentCancelTitle,
      message: format(t.shipmentCancelConfirm, { id: orderId, carrier: s.carrierName }),
    });
    if (!yes) return;
    setBusy(true);
    try {
      await cancelShipment(orderId);
      toast.success(t.okTitle, format(t.shipmentCancelled, { id: orderId }));
      await client.invalidateQueries({ queryKey: orderKeys.all });
    } catch (err) {
      toast.error(t.shipmentCancelError, errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Row className="mb-2 small" data-testid="order-shipment">
      <Col md={4}>
        <Field label={t.shipmentCarrier}>{`${s.carrierName}: ${s.methodName}`}</Field>
        <Field label={t.shipmentNumber} testId="order-shipment-number">
          {s.waybillNumber || <span className="text-muted">{t.shipmentNumberPending}</span>}
        </Field>
      </Col>
      <Col md={4}>
        <Field label={t.shipmentState} testId="order-shipment-state">
          <Badge bg={STATE_VARIANT[s.state] ?? 'secondary'} text={s.state === 'UNKNOWN' ? 'dark' : undefined}>
            {t.states[s.state]}
          </Badge>
          {s.stateAt && (
            <span className="ms-2 text-muted">{format(t.shipmentStateAt, { date: formatDateTime(s.stateAt) })}</span>
          )}
        </Field>
        <Field label={t.shipmentCreated}>{formatDateTime(s.createdAt)}</Field>
      </Col>
      <Col md={4}>
        {s.checkedAt && s.state !== 'UNKNOWN' && (
          <Field label={t.shipmentCheckedAt}>{formatDateTime(s.checkedAt)}</Field>
        )}
        {canEdit && s.cancellable && (
          <Button
            variant="outline-danger"
            size="sm"
            disabled={busy}
            onClick={() => void cancel()}
            data-testid="order-shipment-cancel"
          >
            <i className="bi bi-x-circle me-1" aria-hidden="true" />
            {t.shipmentCancel}
          </Button>
        )}
      </Col>
    </Row>
  );
}

/** The order's print log (GET /orders/print_log): dispatches, waybills, labels, invoices, newest first. */
function PrintLog({ orderId }: { orderId: number }) {
  const t = ordersText().documents;
  const log = usePrintLog(orderId);
  if (log.error)
    return (
      <Alert variant="danger" className="py-2" data-testid="order-print-log-error">
        <span className="fw-semibold me-1">{t.logLoadError}:</span>
        {errorMessage(log.error)}
      </Alert>
    );
  if (!log.data)
    return (
      <div className="text-muted small py-2">
        <Spinner animation="border" size="sm" className="me-2" />
      </div>
    );
  if (log.data.length === 0)
    return (
      <p className="text-muted" data-testid="order-print-log">
        {t.logEmpty}
      </p>
    );
  return (
    <Table size="sm" responsive className="align-middle small" data-testid="order-print-log">
      <thead>
        <tr>
          <th>{t.logDate}</th>
          <th>{t.logUser}</th>
          <th>{t.logKind}</th>
          <th>{t.logFormat}</th>
          <th>{t.logDetail}</th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((e, i) => (
          <tr key={i} data-testid="order-print-log-row">
            <td className="text-nowrap">{formatDateTime(e.date)}</td>
            <td>{e.user ?? <span className="text-muted">{t.logSystem}</span>}</td>
            <td>{t.kinds[e.kind]}</td>
            <td>{e.format ?? ''}</td>
            <td className="text-break">{e.detail}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
