import { z } from 'zod';

/** Allegro's answers as the plugin reads them (zod; what is not here is ignored). */
const money = z.object({ amount: z.string().regex(/^-?[0-9]+(\.[0-9]{1,2})?$/), currency: z.string() });
const text = z.string().nullish();

export const eventsAnswer = z.object({
  events: z.array(
    z.object({
      id: z.string().min(1),
      type: z.string(),
      order: z.object({ checkoutForm: z.object({ id: z.string().min(1), revision: text }) }),
    }),
  ),
});
export type JournalEvent = z.infer<typeof eventsAnswer>['events'][number];

const address = z.object({
  firstName: text,
  lastName: text,
  street: text,
  city: text,
  zipCode: text,
  countryCode: text,
  companyName: text,
  phoneNumber: text,
});

export const checkoutForm = z.object({
  id: z.string().min(1),
  revision: z.string(),
  status: z.string(),
  messageToSeller: text,
  buyer: z.object({
    email: text,
    login: text,
    firstName: text,
    lastName: text,
    companyName: text,
    phoneNumber: text,
  }),
  payment: z.object({ type: text }).nullish(),
  fulfillment: z.object({ status: z.string() }).nullish(),
  delivery: z
    .object({
      address: address.nullish(),
      method: z.object({ id: z.string(), name: text }).nullish(),
      pickupPoint: z.object({ id: z.string(), name: text }).nullish(),
      cost: money.nullish(),
    })
    .nullish(),
  invoice: z
    .object({
      required: z.boolean().nullish(),
      address: z
        .object({
          street: text,
          city: text,
          zipCode: text,
          countryCode: text,
          company: z.object({ name: text, taxId: text }).nullish(),
          naturalPerson: z.object({ firstName: text, lastName: text }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  lineItems: z.array(
    z.object({
      id: z.string(),
      offer: z.object({ id: z.string(), name: z.string(), external: z.object({ id: text }).nullish() }),
      quantity: z.number().int().positive(),
      price: money,
      boughtAt: text,
      /** The offer's VAT on the line, when the seller set one on Allegro ('23.00'; or an exemption). */
      tax: z.object({ rate: z.string().nullish(), exemption: z.string().nullish() }).nullish(),
    }),
  ),
  summary: z.object({ totalToPay: money.nullish() }).nullish(),
  updatedAt: text,
});
export type CheckoutForm = z.infer<typeof checkoutForm>;

export const offersAnswer = z.object({
  offers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      external: z.object({ id: text }).nullish(),
      stock: z.object({ available: z.number().int() }).nullish(),
      sellingMode: z.object({ price: money.nullish() }).nullish(),
      publication: z.object({ status: z.string() }).nullish(),
    }),
  ),
  totalCount: z.number().int().nonnegative(),
});

export const shipmentsAnswer = z.object({ shipments: z.array(z.object({ waybill: z.string() })) });
export const carriersAnswer = z.object({ carriers: z.array(z.object({ id: z.string(), name: z.string() })) });
export const meAnswer = z.object({ id: z.string(), login: z.string() });

/** '19.99' -> 1999 (grosze). */
export function grosze(amount: string): number {
  const [zl = '0', gr = ''] = amount.replace(/^-/, '').split('.');
  return Number(zl) * 100 + Number((gr + '00').slice(0, 2));
}

export function amountOf(grosz: number): string {
  return `${Math.floor(grosz / 100)}.${String(grosz % 100).padStart(2, '0')}`;
}

/**
 * A deterministic UUID (the shape Allegro's command ids need) from a text: four FNV-1a hashes of
 * it, version and variant bits set. Not for security: it only names a command so that a retry of
 * the same job repeats the same id.
 */
export function uuidFrom(seed: string): string {
  const parts: string[] = [];
  for (let k = 0; k < 4; k++) {
    let h = 0x811c9dc5 ^ (k * 0x9e3779b1);
    const s = `${k}|${seed}`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    parts.push((h >>> 0).toString(16).padStart(8, '0'));
  }
  const hex = parts.join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16) + hex.slice(18, 20),
    hex.slice(20, 32),
  ].join('-');
}
