import {
  BUYER_INFO_MSG,
  BUYER_INFO_WINDOW_MS,
  fromHundredths,
  textColorFor,
  vatFromStored,
  type BuyerOrder,
  type BuyerShop,
  type ShippingMethod,
} from '@zaplecze/contract';
import { TenantDb } from '../../db/tenant';
import type { RequestContext } from '../../platform/context';
import { notFound, tooMany } from '../../platform/errors';
import { takeAttempt } from '../../platform/rate-limit';
import { organizationsRepository } from '../organizations';
import { toIso } from '../../db/database';
import { type OrderRowData, ordersRepository as repo, type StoredLine } from './orders.repository';

/**
 * GET /order_buyer_info?p=&uuid= (docs/rules/platform-rules.md §2 Buyer order page; docs/decisions.md, Orders:
 * Buyer page): public, limited per address, and answering only the buyer-view fields. A wrong
 * prefix, a wrong uuid and another organisation's uuid are the same 404.
 */
export async function buyerInfo(
  ctx: RequestContext,
  query: { p: string; uuid: string },
): Promise<{ shop: BuyerShop; order: BuyerOrder }> {
  const limit = { max: ctx.deps.config.buyerInfoRateLimit, windowMs: BUYER_INFO_WINDOW_MS };
  if (!(await takeAttempt(ctx.db, `buyer:${ctx.ip}`, limit, ctx.deps.now()))) throw tooMany(BUYER_INFO_MSG.tooMany);
  const org = await organizationsRepository.findByPrefix(ctx.db, query.p);
  // The order is read as its organisation's (TenantDb): a uuid of another organisation is not there.
  const tdb = org && new TenantDb(ctx.db, org.id);
  const row = tdb && (await repo.rowByUuid(tdb, query.uuid));
  if (!tdb || !row) throw notFound(BUYER_INFO_MSG.wrongData);
  return { shop: { name: org.name }, order: toBuyerOrder(row, await repo.lines(tdb, row.id)) };
}

/** Only the buyer-view fields (docs/rules/platform-rules.md §3 Buyer-view order), field by field. */
function toBuyerOrder(r: OrderRowData, lines: readonly StoredLine[]): BuyerOrder {
  return {
    id: r.id,
    orderDate: toIso(r.order_date),
    orderStatus: { name: r.status_name, color: r.status_color, textColor: textColorFor(r.status_color) },
    messageToSeller: r.message_to_seller,
    clientData: {
      email: r.client_email,
      tel: r.client_tel,
      nameSurname: r.client_name_surname,
      companyName: r.client_company_name,
      street: r.client_street,
      buildNr: r.client_build_nr,
      postCode: r.client_post_code,
      city: r.client_city,
      countryCode: r.client_country_code,
      pickupPoint: r.client_pickup_point,
    },
    cashOnDelivery: r.cash_on_delivery === 1,
    invoice:
      r.has_invoice === 1
        ? {
            companyName: r.invoice_company_name,
            companyTaxId: r.invoice_company_tax_id,
            nameSurname: r.invoice_name_surname,
            address: r.invoice_address,
            postCode: r.invoice_post_code,
            city: r.invoice_city,
            countryCode: r.invoice_country_code,
          }
        : null,
    billOfLading: r.bill_of_lading,
    shippingMethod: r.shipping_method as ShippingMethod,
    carrierMethod:
      r.carrier_method_id !== null && r.cm_name !== null
        ? { name: r.cm_name, carrierName: r.cm_carrier_name ?? '' }
        : null,
    currency: r.currency,
    deliveryCost: fromHundredths(Number(r.delivery_cost)),
    deliveryVat: vatFromStored(r.delivery_vat),
    items: lines.map((l) => ({
      code: l.code,
      name: l.name,
      price: fromHundredths(Number(l.price)),
      vat: vatFromStored(l.vat),
      quantity: l.quantity,
    })),
  };
}
