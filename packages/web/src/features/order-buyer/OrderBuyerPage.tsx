import { buyerInfoAnswerSchema, formatVat, type BuyerOrder } from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router';
import { api, errorMessage } from '@web/platform/api';
import { format } from '@web/i18n';
import { ColorBadge } from '@web/ui/ColorBadge';
import { PageSpinner } from '@web/ui/PageSpinner';
import { addressLines, buyerQuery, buyerSums, carrierText, lineTotal, unitPrice } from './buyer-order';
import { orderBuyerText } from './texts';

/**
 * /order-buyer-info?p={prefix}&uuid={uuid}: the buyer's own view of an order (docs/rules/platform-rules.md §2
 * Buyer order page). Public: no menus, works signed out; shows only the buyer-view fields.
 */
export default function OrderBuyerPage() {
  const t = orderBuyerText();
  const [search] = useSearchParams();
  const query = buyerQuery(search);
  const answer = useQuery({
    queryKey: ['order-buyer-info', query?.p, query?.uuid],
    queryFn: async ({ signal }) => api.get('/order_buyer_info', { query, schema: buyerInfoAnswerSchema, signal }),
    enabled: query !== undefined,
    retry: false,
  });
  return (
    <div className="min-vh-100 bg-body-tertiary">
      <header className="navbar bg-dark px-3" data-bs-theme="dark">
        <span className="navbar-brand d-flex align-items-center gap-2 text-white" data-testid="buyer-logo">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {/* The seller's name once known: the buyer bought from the shop, not from Zaplecze. */}
          <span className="fw-semibold text-truncate" data-testid="buyer-shop">
            {answer.data?.shop.name ?? t.appName}
          </span>
        </span>
      </header>
      <main className="container py-3 py-sm-4 px-2 px-sm-3" style={{ maxWidth: 960 }}>
        {!query ? (
          <Alert variant="danger" data-testid="buyer-error">
            {t.wrongData}
          </Alert>
        ) : answer.isPending ? (
          <PageSpinner />
        ) : answer.error ? (
          <Alert variant="danger" data-testid="buyer-error">
            {errorMessage(answer.error)}
          </Alert>
        ) : (
          <BuyerOrderView order={answer.data.order} />
        )}
      </main>
    </div>
  );
}

function Block({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Col md={6}>
      <Card className="h-100 shadow-sm" data-testid={testId}>
        <Card.Body>
          <h2 className="h6 text-body-secondary mb-2">{title}</h2>
          {children}
        </Card.Body>
      </Card>
    </Col>
  );
}

function Lines({ lines }: { lines: (string | null | undefined)[] }) {
  return (
    <>
      {lines
        .filter((l): l is string => !!l && l.trim() !== '')
        .map((l, i) => (
          <div key={i}>{l}</div>
        ))}
    </>
  );
}

function BuyerOrderView({ order: o }: { order: BuyerOrder }) {
  const t = orderBuyerText();
  const sums = buyerSums(o);
  const c = o.clientData;
  const carrier = carrierText(o, t.personalPickup);
  const date = new Date(o.orderDate).toLocaleString('pl-PL', { dateStyle: 'long', timeStyle: 'short' });
  return (
    <div data-testid="buyer-order">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0" data-testid="buyer-heading">
          {format(t.heading, { id: o.id })}
        </h1>
        <ColorBadge color={o.orderStatus.color} className="fs-6" testId="buyer-status">
          {o.orderStatus.name}
        </ColorBadge>
      </div>
      <p className="text-body-secondary" data-testid="buyer-date">
        {t.orderDate}: {date}
      </p>
      <Row className="g-3 mb-3">
        <Block title={t.shipping} testId="buyer-shipping">
          <Lines lines={[c.nameSurname, c.companyName, ...addressLines(c)]} />
        </Block>
        <Block title={t.contact} testId="buyer-contact">
          <div>
            {t.email}: {c.email || t.none}
          </div>
          <div>
            {t.tel}: {c.tel || t.none}
          </div>
        </Block>
        <Block title={t.carrier} testId="buyer-carrier">
          <div className="fw-semibold" data-testid="buyer-carrier-name">
            {carrier ?? t.none}
          </div>
          {c.pickupPoint !== '' && (
            <div data-testid="buyer-pickup-point">
              {t.pickupPoint}: {c.pickupPoint}
            </div>
          )}
          {o.billOfLading && (
            <div data-testid="buyer-bol">
              {t.billOfLading}: {o.billOfLading}
            </div>
          )}
          <div data-testid="buyer-cod">
            {t.cashOnDelivery}: {o.cashOnDelivery ? t.yes : t.no}
          </div>
          <div data-testid="buyer-delivery-cost">
            {t.deliveryCost}:{' '}
            {format(t.deliveryCostValue, {
              cost: unitPrice(o.deliveryCost, o.currency),
              vat: formatVat(o.deliveryVat),
            })}
          </div>
        </Block>
        {o.invoice && (
          <Block title={t.invoice} testId="buyer-invoice">
            <Lines
              lines={[
                o.invoice.companyName || o.invoice.nameSurname,
                o.invoice.companyTaxId ? format(t.taxId, { taxId: o.invoice.companyTaxId }) : null,
                ...addressLines(o.invoice),
              ]}
            />
          </Block>
        )}
        {o.messageToSeller !== '' && (
          <Col xs={12}>
            <Card className="shadow-sm" data-testid="buyer-message">
              <Card.Body>
                <h2 className="h6 text-body-secondary mb-2">{t.messageToSeller}</h2>
                <div style={{ whiteSpace: 'pre-wrap' }}>{o.messageToSeller}</div>
              </Card.Body>
            </Card>
          </Col>
        )}
      </Row>
      <Card className="shadow-sm">
        <Card.Body>
          <h2 className="h6 text-body-secondary mb-2">{t.items}</h2>
          <Table className="align-middle mb-2" data-testid="buyer-items">
            <thead>
              <tr>
                <th>{t.colItem}</th>
                <th className="text-end d-none d-sm-table-cell">{t.colPrice}</th>
                <th className="text-end d-none d-sm-table-cell">{t.colQuantity}</th>
                <th className="text-end">{t.colSum}</th>
              </tr>
            </thead>
            <tbody>
              {o.items.map((l, i) => (
                <tr key={i} data-testid="buyer-item">
                  <td>
                    {l.code && <span className="text-body-secondary">{l.code}</span>}
                    {l.code && l.name && ' '}
                    {l.name}
                    {/* A phone has no room for four columns: quantity × price go under the name. */}
                    <div className="d-sm-none small text-body-secondary" data-testid="buyer-item-compact">
                      {l.quantity} × {unitPrice(l.price, o.currency)}
                    </div>
                  </td>
                  <td className="text-end text-nowrap d-none d-sm-table-cell">{unitPrice(l.price, o.currency)}</td>
                  <td className="text-end d-none d-sm-table-cell">{l.quantity}</td>
                  <td className="text-end text-nowrap">{lineTotal(l, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <dl className="row mb-0 text-end">
            <dt className="col-6 col-sm-8 col-md-10 fw-normal">{t.goodsSum}</dt>
            <dd className="col-6 col-sm-4 col-md-2 mb-1 fw-semibold text-nowrap" data-testid="buyer-goods-sum">
              {sums.goods}
            </dd>
            <dt className="col-6 col-sm-8 col-md-10 fw-normal">{t.orderSum}</dt>
            <dd className="col-6 col-sm-4 col-md-2 mb-0 fw-bold text-nowrap" data-testid="buyer-order-sum">
              {sums.all}
            </dd>
          </dl>
        </Card.Body>
      </Card>
    </div>
  );
}
