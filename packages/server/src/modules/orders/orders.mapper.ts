import {
  fromHundredths,
  orderSummary,
  type CarrierSendType,
  type Order,
  type OrderRow,
  type ShippingMethod,
} from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { OrderRowData, StoredLine } from './orders.repository';
import { ROW_FIELDS, type OrderListRowData, type RowField } from './orders.search';

/** A stored order and its lines as the API answers them (goods-and-orders.md §3 Order). */
export function toOrder(r: OrderRowData, lines: readonly StoredLine[]): Order {
  const priced = lines.map((l) => ({ ...l, price: Number(l.price) }));
  const deliveryCost = Number(r.delivery_cost);
  return {
    id: r.id,
    uuid: r.uuid,
    addDate: toIso(r.add_date),
    lastModDate: toIso(r.last_mod_date),
    orderDate: toIso(r.order_date),
    modifiedByUser: r.modified_by,
    externalId: r.external_id,
    stationary: r.stationary === 1,
    orderStatus: { id: r.order_status_id, name: r.status_name, color: r.status_color },
    incomeSource: { id: r.income_source_id, name: r.source_name },
    currency: r.currency,
    messageToSeller: r.message_to_seller,
    comment: r.comment,
    invoiceAnnotations: r.invoice_annotations,
    problem: r.problem,
    deliveryCost: fromHundredths(deliveryCost),
    deliveryVat: fromHundredths(r.delivery_vat),
    cashOnDelivery: r.cash_on_delivery === 1,
    shippingMethod: r.shipping_method as ShippingMethod,
    carrierMethod: carrierMethodOf(r),
    billOfLading: r.bill_of_lading,
    sizeA: r.size_a,
    sizeB: r.size_b,
    sizeC: r.size_c,
    weight: r.weight_g / 1000,
    invoice:
      r.has_invoice === 1
        ? {
            isCompany: r.invoice_is_company === 1,
            invoiceNumber: r.invoice_number,
            nameSurname: r.invoice_name_surname,
            companyName: r.invoice_company_name,
            companyTaxId: r.invoice_company_tax_id,
            address: r.invoice_address,
            postCode: r.invoice_post_code,
            city: r.invoice_city,
            countryCode: r.invoice_country_code,
            invoiceMailSent: r.invoice_mail_sent === 1,
          }
        : null,
    items: priced.map((l) => ({
      id: l.id,
      code: l.code,
      name: l.name,
      quantity: l.quantity,
      price: fromHundredths(l.price),
      vat: fromHundredths(l.vat),
      itemId: l.item_id,
    })),
    clientData: {
      nameSurname: r.client_name_surname,
      companyName: r.client_company_name,
      street: r.client_street,
      buildNr: r.client_build_nr,
      postCode: r.client_post_code,
      city: r.client_city,
      countryCode: r.client_country_code,
      pickupPoint: r.client_pickup_point,
      email: r.client_email,
      tel: r.client_tel,
    },
    orderSummary: orderSummary(
      priced.map((l) => ({ code: l.code, quantity: l.quantity, priceHundredths: l.price })),
      deliveryCost,
    ),
  };
}

/** The order's carrier method with the names its carrier last registered (carrier_methods). */
function carrierMethodOf(r: OrderRowData): Order['carrierMethod'] {
  if (r.carrier_method_id === null || r.cm_name === null) return null;
  return {
    id: r.carrier_method_id,
    name: r.cm_name,
    subName: r.cm_sub_name ?? '',
    sendType: r.cm_send_type as CarrierSendType,
    carrier: { id: r.cm_carrier_id ?? '', name: r.cm_carrier_name ?? '' },
  };
}

/** Position of each field in a page row (orders.search ROW_FIELDS). */
const F = Object.fromEntries(ROW_FIELDS.map((name, i) => [name, i])) as Record<RowField, number>;

/**
 * A list row (contract orderRowSchema) from a page row read as an array (orders.search
 * pageStatement): the order's own columns and its stored line summary.
 */
export function toOrderRow(a: OrderListRowData): OrderRow {
  const str = (name: RowField) => a[F[name]] as string;
  const num = (name: RowField) => Number(a[F[name]]);
  const deliveryCost = num('delivery_cost');
  const hasInvoice = num('has_invoice') === 1;
  return {
    id: num('id'),
    uuid: str('uuid'),
    orderDate: toIso(a[F.order_date] as string | Date),
    lastModDate: toIso(a[F.last_mod_date] as string | Date),
    stationary: num('stationary') === 1,
    externalId: a[F.external_id] as string | null,
    orderStatus: { id: num('order_status_id'), name: str('status_name') ?? '', color: str('status_color') ?? '' },
    incomeSource: { id: num('income_source_id'), name: str('source_name') ?? '' },
    currency: str('currency'),
    messageToSeller: str('message_to_seller'),
    comment: str('comment'),
    invoiceAnnotations: str('invoice_annotations'),
    problem: a[F.problem] as string | null,
    deliveryCost: fromHundredths(deliveryCost),
    deliveryVat: fromHundredths(num('delivery_vat')),
    cashOnDelivery: num('cash_on_delivery') === 1,
    shippingMethod: str('shipping_method') as ShippingMethod,
    // "Carrier name - method name", as the buyer page shows it (platform.md §2).
    carrierMethodName:
      a[F.cm_name] === null || a[F.cm_name] === undefined ? null : `${str('cm_carrier_name')} - ${str('cm_name')}`,
    billOfLading: a[F.bill_of_lading] as string | null,
    hasInvoice,
    invoiceNumber: hasInvoice ? (a[F.invoice_number] as string | null) : null,
    invoiceMailSent: num('invoice_mail_sent') === 1,
    clientData: {
      nameSurname: str('client_name_surname'),
      companyName: str('client_company_name'),
      street: str('client_street'),
      buildNr: str('client_build_nr'),
      postCode: str('client_post_code'),
      city: str('client_city'),
      countryCode: str('client_country_code'),
      pickupPoint: str('client_pickup_point'),
      email: str('client_email'),
      tel: str('client_tel'),
    },
    orderSummary: {
      sumGross: fromHundredths(num('lines_sum') + deliveryCost),
      itemsCodes: JSON.parse(str('lines_codes')) as OrderRow['orderSummary']['itemsCodes'],
      itemsCount: num('lines_count'),
    },
  };
}
