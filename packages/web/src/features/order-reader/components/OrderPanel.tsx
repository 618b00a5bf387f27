import type { OrderReaderPanel } from '@zaplecze/contract';
import { memo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { format } from '@web/i18n';
import { formatMoney } from '@web/i18n/number';
import { ColorBadge } from '@web/ui/ColorBadge';
import { allPacked } from '../order-log';
import { orderReaderText } from '../texts';

const kgFormat = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 3 });

/**
 * The current order (§2.17): number, status, parcel sizes and weight, carrier, waybill, lines.
 * Drawn again only when the order or its panel changes (memo), not on the page's other updates.
 */
export const OrderPanel = memo(function OrderPanel({
  orderId,
  panel,
  receipts,
}: {
  orderId: number | null;
  panel: OrderReaderPanel | null;
  /** The organisation issues receipts: a stationary order's document is its receipt. */
  receipts: boolean;
}) {
  const t = orderReaderText().panel;
  return (
    <Card className="shadow-sm h-100" data-testid="reader-order">
      <Card.Header className="fs-5">{t.heading}</Card.Header>
      <Card.Body>
        {orderId === null || panel === null ? (
          <p className="text-muted mb-0 fs-4" data-testid="reader-order-none">
            {orderId === null ? t.none : format(t.number, { id: orderId })}
          </p>
        ) : (
          <PanelBody panel={panel} receipts={receipts} />
        )}
      </Card.Body>
    </Card>
  );
});

function PanelBody({ panel, receipts }: { panel: OrderReaderPanel; receipts: boolean }) {
  const t = orderReaderText().panel;
  const sides = [
    ['A', panel.sizeA],
    ['B', panel.sizeB],
    ['C', panel.sizeC],
  ] as const;
  const done = allPacked(panel);
  // The next side is marked only while the parcel still lacks a size (then it guides the packer).
  const next = sides.some(([, mm]) => mm === 0) ? panel.nextSide : null;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <span className="order-reader-number" data-testid="reader-order-number">
          {format(t.number, { id: panel.id })}
        </span>
        <ColorBadge
          color={panel.orderStatus.color}
          className="order-reader-status px-3 py-2"
          testId="reader-order-status"
        >
          {panel.orderStatus.name}
        </ColorBadge>
        {panel.stationary && (
          <Badge
            bg="secondary"
            className="fs-6"
            title={receipts ? t.stationaryReceipt : undefined}
            data-testid="reader-order-stationary"
          >
            <i className="bi bi-shop me-1" aria-hidden="true" />
            {t.stationary}
          </Badge>
        )}
      </div>
      <dl className="row mb-3 gy-1">
        <dt className="col-sm-4 fw-normal text-muted">{t.sizes}</dt>
        <dd className="col-sm-8 mb-0 order-reader-value" data-testid="reader-order-sizes">
          {sides.map(([side, mm], i) => (
            <span key={side}>
              {i > 0 && ' × '}
              <span
                className={side === next ? 'order-reader-next-side' : undefined}
                title={side === next ? format(t.nextSide, { side }) : undefined}
              >
                {mm}
              </span>
            </span>
          ))}{' '}
          mm
        </dd>
        <dt className="col-sm-4 fw-normal text-muted">{t.weight}</dt>
        <dd className="col-sm-8 mb-0 order-reader-value" data-testid="reader-order-weight">
          {format(t.weightValue, { kg: kgFormat.format(panel.weight) })}
        </dd>
        <dt className="col-sm-4 fw-normal text-muted">{t.carrier}</dt>
        <dd className="col-sm-8 mb-0 fw-semibold" data-testid="reader-order-carrier">
          {panel.carrier || <span className="text-muted fw-normal">{t.noCarrier}</span>}
        </dd>
        <dt className="col-sm-4 fw-normal text-muted">{t.waybill}</dt>
        <dd
          className={`col-sm-8 mb-0 ${panel.billOfLading ? 'font-monospace fw-semibold fs-4' : 'text-muted'}`}
          data-testid="reader-order-waybill"
        >
          {panel.billOfLading ?? t.noWaybill}
        </dd>
        <dt className="col-sm-4 fw-normal text-muted">{t.sumGross}</dt>
        <dd className="col-sm-8 mb-0">
          {formatMoney(panel.sumGross, panel.currency)}
          {panel.cashOnDelivery && (
            <Badge bg="warning" text="dark" className="ms-2">
              {t.cod}
            </Badge>
          )}
        </dd>
      </dl>
      <div className="d-flex align-items-center mb-1">
        <span className="fw-semibold me-auto">{t.lines}</span>
        {!panel.packingStarted && panel.lines.length > 0 && (
          <span className="small text-muted">{t.packingNotStarted}</span>
        )}
      </div>
      {panel.lines.length === 0 ? (
        <p className="text-muted mb-0">{t.noLines}</p>
      ) : (
        <Table
          size="sm"
          className={`mb-0 align-middle reader-table${done ? ' table-success' : ''}`}
          data-testid="reader-order-lines"
        >
          <thead>
            <tr>
              <th style={{ width: '30%' }}>{t.colCode}</th>
              <th>{t.colName}</th>
              <th className="text-end" style={{ width: '8rem' }}>
                {t.colPacked}
              </th>
              <th style={{ width: '9rem' }} />
            </tr>
          </thead>
          <tbody>
            {panel.lines.map((l) => {
              const missing = l.quantity - l.packed;
              return (
                <tr
                  key={l.lineId}
                  data-testid="reader-order-line"
                  data-code={l.code}
                  data-missing={Math.max(missing, 0)}
                >
                  <td className="font-monospace text-break">{l.code}</td>
                  <td>{l.name}</td>
                  <td className="text-end fw-semibold">
                    {format(t.packedValue, { packed: l.packed, quantity: l.quantity })}
                  </td>
                  <td>
                    {missing <= 0 ? (
                      <Badge bg="success" className="fs-6" data-testid="reader-line-mark">
                        <i className="bi bi-check-lg me-1" aria-hidden="true" />
                        {t.packed}
                      </Badge>
                    ) : (
                      <Badge
                        bg={panel.packingStarted ? 'danger' : 'secondary'}
                        className="fs-6"
                        data-testid="reader-line-mark"
                      >
                        <i className="bi bi-x-lg me-1" aria-hidden="true" />
                        {format(t.missing, { n: missing })}
                      </Badge>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}
