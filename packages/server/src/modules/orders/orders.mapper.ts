import {
  fromHundredths,
  orderSummary,
  vatFromStored,
  type CarrierSendType,
  type Order,
  type OrderRow,
  type ShippingMethod,
} from '@zaplecze/contract';
import { isoOfUtcText, toIso } from '../../db/database';
import type { OrderRowData, StoredLine } from './orders.repository';
import { ROW_FIELDS, type OrderListRowData, type RowField } from './orders.search';

/** A stored order and its lines as the API answers them (docs/rules/catalogue-and-orders-rules.md §3 Order). */
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
    deliveryVat: vatFromStored(r.delivery_vat),
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
      vat: vatFromStored(l.vat),
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
 * pageStatement): the order's own columns and its stored line summary. Runs 10,000 times for a big
 * page: values are read by position with no helper closures (each one was created per row).
 */
export function toOrderRow(a: OrderListRowData): OrderRow {
  const deliveryCost = Number(a[F.delivery_cost]);
  const hasInvoice = Number(a[F.has_invoice]) === 1;
  const cmName = a[F.cm_name] as string | null | undefined;
  return {
    id: Number(a[F.id]),
    uuid: a[F.uuid] as string,
    orderDate: isoOfUtcText(a[F.order_date]),
    lastModDate: isoOfUtcText(a[F.last_mod_date]),
    stationary: Number(a[F.stationary]) === 1,
    externalId: a[F.external_id] as string | null,
    orderStatus: {
      id: Number(a[F.order_status_id]),
      name: (a[F.status_name] as string | null) ?? '',
      color: (a[F.status_color] as string | null) ?? '',
    },
    incomeSource: { id: Number(a[F.income_source_id]), name: (a[F.source_name] as string | null) ?? '' },
    currency: a[F.currency] as string,
    messageToSeller: a[F.message_to_seller] as string,
    comment: a[F.comment] as string,
    invoiceAnnotations: a[F.invoice_annotations] as string,
    problem: a[F.problem] as string | null,
    deliveryCost: fromHundredths(deliveryCost),
    deliveryVat: vatFromStored(Number(a[F.delivery_vat])),
    cashOnDelivery: Number(a[F.cash_on_delivery]) === 1,
    shippingMethod: a[F.shipping_method] as ShippingMethod,
    // "Carrier name - method name", as the buyer page shows it (docs/rules/platform-rules.md §2).
    carrierMethodName: cmName === null || cmName === undefined ? null : `${a[F.cm_carrier_name] as string} - ${cmName}`,
    billOfLading: a[F.bill_of_lading] as string | null,
    hasInvoice,
    invoiceNumber: hasInvoice ? (a[F.invoice_number] as string | null) : null,
    invoiceMailSent: Number(a[F.invoice_mail_sent]) === 1,
    clientData: {
      nameSurname: a[F.client_name_surname] as string,
      companyName: a[F.client_company_name] as string,
      street: a[F.client_street] as string,
      buildNr: a[F.client_build_nr] as string,
      postCode: a[F.client_post_code] as string,
      city: a[F.client_city] as string,
      countryCode: a[F.client_country_code] as string,
      pickupPoint: a[F.client_pickup_point] as string,
      email: a[F.client_email] as string,
      tel: a[F.client_tel] as string,
    },
    orderSummary: {
      sumGross: fromHundredths(Number(a[F.lines_sum]) + deliveryCost),
      itemsCodes: JSON.parse(a[F.lines_codes] as string) as OrderRow['orderSummary']['itemsCodes'],
      itemsCount: Number(a[F.lines_count]),
    },
  };
}
