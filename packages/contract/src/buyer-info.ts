import { z } from 'zod';
import { SHIPPING_METHODS } from './orders';
import { vatValueSchema } from './vat';

/**
 * The public buyer page (docs/rules/platform-rules.md §2 Buyer order page, §3 Buyer-view order; docs/rules/server-side-rules.md,
 * Orders): only these fields, nothing private (own note, problem, external id, annotations, user).
 * Every object is strict, so a test can prove no other key is ever answered.
 */

export const BUYER_INFO_MSG = {
  wrongData: 'Błędne dane zamówienia!',
  tooMany: 'Zbyt wiele zapytań o zamówienie. Spróbuj ponownie za kilka minut.',
} as const;

/** Buyer page lookups one address may make within BUYER_INFO_WINDOW_MS (docs/decisions.md). */
export const BUYER_INFO_MAX_PER_ADDRESS = 60;
export const BUYER_INFO_WINDOW_MS = 10 * 60 * 1000;

export const buyerInfoQuerySchema = z.object({
  p: z.string({ error: BUYER_INFO_MSG.wrongData }).trim().min(1, { error: BUYER_INFO_MSG.wrongData }).max(20),
  uuid: z.string({ error: BUYER_INFO_MSG.wrongData }).trim().min(1, { error: BUYER_INFO_MSG.wrongData }).max(36),
});

export const buyerOrderSchema = z.strictObject({
  id: z.number(),
  orderDate: z.string(),
  orderStatus: z.strictObject({ name: z.string(), color: z.string(), textColor: z.string() }),
  messageToSeller: z.string(),
  clientData: z.strictObject({
    email: z.string(),
    tel: z.string(),
    nameSurname: z.string(),
    companyName: z.string(),
    street: z.string(),
    buildNr: z.string(),
    postCode: z.string(),
    city: z.string(),
    countryCode: z.string(),
    pickupPoint: z.string(),
  }),
  cashOnDelivery: z.boolean(),
  invoice: z
    .strictObject({
      companyName: z.string(),
      companyTaxId: z.string(),
      nameSurname: z.string(),
      address: z.string(),
      postCode: z.string(),
      city: z.string(),
      countryCode: z.string(),
    })
    .nullable(),
  billOfLading: z.string().nullable(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  carrierMethod: z.strictObject({ name: z.string(), carrierName: z.string() }).nullable(),
  /** The order's currency (ISO 4217): the page shows every price with it. */
  currency: z.string(),
  deliveryCost: z.number(),
  deliveryVat: vatValueSchema,
  items: z.array(
    z.strictObject({
      code: z.string(),
      name: z.string(),
      price: z.number(),
      vat: vatValueSchema,
      quantity: z.number(),
    }),
  ),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;
/** The seller the buyer bought from: the organisation's name heads the page (not the product's). */
export const buyerShopSchema = z.strictObject({ name: z.string() });
export type BuyerShop = z.infer<typeof buyerShopSchema>;
export const buyerInfoAnswerSchema = z.strictObject({ shop: buyerShopSchema, order: buyerOrderSchema });
