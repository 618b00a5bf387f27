import { fromHundredths, orderSummary, type Order, type OrderRow, type ShippingMethod } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { OrderRowData, StoredLine } from './orders.repository';
import type { OrderListRowData } from './orders.search';

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
    carrierMethod: null,
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

/** A list row (contract orderRowSchema): the order's own columns and its stored line summary. */
export function toOrderRow(r: OrderListRowData): OrderRow {
  return {
    id: r.id,
    uuid: r.uuid,
    orderDate: toIso(r.order_date),
    lastModDate: toIso(r.last_mod_date),
    stationary: r.stationary === 1,
    externalId: r.external_id,
    orderStatus: { id: r.order_status_id, name: r.status_name ?? '', color: r.status_color ?? '' },
    incomeSource: { id: r.income_source_id, name: r.source_name ?? '' },
    currency: r.currency,
    messageToSeller: r.message_to_seller,
    comment: r.comment,
    invoiceAnnotations: r.invoice_annotations,
    problem: r.problem,
    deliveryCost: fromHundredths(Number(r.delivery_cost)),
    deliveryVat: fromHundredths(r.delivery_vat),
    cashOnDelivery: r.cash_on_delivery === 1,
    shippingMethod: r.shipping_method as ShippingMethod,
    // Carriers come with their own branch; the merge fills this in.
    carrierMethodName: null,
    billOfLading: r.bill_of_lading,
    hasInvoice: r.has_invoice === 1,
    invoiceNumber: r.has_invoice === 1 ? r.invoice_number : null,
    invoiceMailSent: r.invoice_mail_sent === 1,
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
    orderSummary: {
      sumGross: fromHundredths(Number(r.lines_sum) + Number(r.delivery_cost)),
      itemsCodes: JSON.parse(r.lines_codes) as OrderRow['orderSummary']['itemsCodes'],
      itemsCount: r.lines_count,
    },
  };
}
