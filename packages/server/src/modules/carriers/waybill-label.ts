import { formatAmountPl } from '@zaplecze/contract';
import type { ShipmentRequest, WaybillLabel } from './carrier-provider';

const join = (...parts: string[]) => parts.filter((p) => p !== '').join(' ');

/** 2500 g -> '2,5 kg'; 0 -> ''. */
export function formatWeight(grams: number): string {
  if (grams <= 0) return '';
  return `${(grams / 1000).toLocaleString('pl-PL', { maximumFractionDigits: 3 })} kg`;
}

/** '300 × 200 × 150 mm'; '' when no side is given. */
export function formatSizes(a: number, b: number, c: number): string {
  return a > 0 || b > 0 || c > 0 ? `${a} × ${b} × ${c} mm` : '';
}

/**
 * 12345 grosze -> '123,45 PLN': the amount in THE money format (contract formatAmountPl, as every
 * screen), the ISO code after it as on every printed document (docs/decisions.md, Money format).
 */
export function formatMoney(amount: number, currency: string): string {
  return `${formatAmountPl(amount)} ${currency.toUpperCase()}`;
}

/**
 * The label the core draws for a shipment of `request` under `waybillNumber` (the own carrier's
 * labels, and the labels of waybill numbers typed by hand).
 */
export function waybillLabelOf(
  request: Omit<ShipmentRequest, 'tdb' | 'deps' | 'methodKey' | 'reference'>,
  waybillNumber: string,
): WaybillLabel {
  const { sender: s, receiver: r, parcel: p } = request;
  const foreign = (code: string) => (code !== '' && code.toUpperCase() !== 'PL' ? code.toUpperCase() : '');
  const receiver =
    request.shippingMethod === 'PICKUP_POINT'
      ? [r.nameSurname || r.companyName, ...(r.nameSurname && r.companyName ? [r.companyName] : [])]
      : [
          r.nameSurname || r.companyName,
          ...(r.nameSurname && r.companyName ? [r.companyName] : []),
          join(r.street, r.buildNr),
          join(r.postCode, r.city),
          foreign(r.countryCode),
        ];
  return {
    carrierName: request.carrierName,
    methodName: request.methodName,
    waybillNumber,
    date: request.now.toISOString(),
    orderId: request.orderId,
    sender: [s.name, s.address, join(s.postCodeCity, foreign(s.countryCode)), s.taxId ? `NIP ${s.taxId}` : ''].filter(
      (l) => l !== '',
    ),
    receiver: receiver.filter((l) => l !== ''),
    receiverContact: join(r.tel ? `tel. ${r.tel}` : '', r.email),
    pickupPoint: request.shippingMethod === 'PICKUP_POINT' ? r.pickupPoint : '',
    sizes: formatSizes(p.sizeA, p.sizeB, p.sizeC),
    weight: formatWeight(p.weightGrams),
    cashOnDelivery: p.cashOnDelivery ? formatMoney(p.cashOnDelivery.amount, p.cashOnDelivery.currency) : '',
  };
}
