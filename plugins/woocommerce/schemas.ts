/**
 * The woocommerce plugin's settings, wire shapes and Polish messages (docs/plugins.md, "Plugin:
 * woocommerce"): imported by the manifest, the server and the web part alike.
 */
import { VAT_CODES } from '@zaplecze/contract';
import { z } from 'zod';

/** The order statuses of WooCommerce the mappings speak of. */
export const WOO_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;
export type WooStatus = (typeof WOO_STATUSES)[number];
/** The statuses the mapping screen offers (the five). */
export const MAPPED_STATUSES = ['processing', 'completed', 'on-hold', 'cancelled', 'refunded'] as const;
export const WOO_STATUS_NAMES: Record<WooStatus, string> = {
  pending: 'Oczekujące na płatność',
  processing: 'W trakcie realizacji',
  'on-hold': 'Wstrzymane',
  completed: 'Zrealizowane',
  cancelled: 'Anulowane',
  refunded: 'Zwrócone',
  failed: 'Nieudane',
};

const id = z
  .number({ error: 'Podaj identyfikator.' })
  .int({ error: 'Podaj identyfikator.' })
  .positive({ error: 'Podaj identyfikator.' });

export const WOO_MSG = {
  url: 'Podaj adres sklepu, np. https://sklep.pl',
  minutes: 'Co ile minut: liczba od 5 do 1440.',
  buffer: 'Bufor: liczba całkowita od 0 do 100000.',
  metaKey: 'Klucz pola NIP: do 100 znaków.',
  method: 'Identyfikator metody wysyłki: do 100 znaków.',
  taxClass: 'Klasa podatkowa WooCommerce: od 1 do 100 znaków (np. standard, reduced-rate, zero-rate).',
  vat: 'Stawka VAT: liczba od 0 do 100 albo zw, np, oo.',
  noUrl: 'Podaj adres sklepu w ustawieniach wtyczki.',
  noKeys: 'Podaj klucz i sekret klienta API (WooCommerce → Ustawienia → Zaawansowane → REST API).',
  itemMissing: 'Nie ma takiego towaru.',
  productMissing: 'W sklepie nie ma produktu o tym SKU.',
  linkTaken: 'Ten produkt sklepu jest już połączony z innym towarem.',
  statusMissing: 'Nie ma takiego statusu zamówienia.',
  sourceMissing: 'Nie ma takiego źródła przychodu.',
  methodMissing: 'Nie ma takiej metody przewoźnika.',
} as const;

/**
 * The non-secret settings (the secrets `consumerKey`, `consumerSecret`, `webhookSecret` are the
 * manifest's). Mappings: WooCommerce status -> our order status (in), our order status ->
 * WooCommerce status (out), WooCommerce shipping method id -> our carrier method.
 */
export const wooSettingsSchema = z.object({
  url: z
    .string()
    .trim()
    .max(300, { error: WOO_MSG.url })
    .refine((s) => s === '' || /^https?:\/\/[^\s/]+/i.test(s), { error: WOO_MSG.url })
    .default(''),
  syncMinutes: z
    .number()
    .int({ error: WOO_MSG.minutes })
    .min(5, { error: WOO_MSG.minutes })
    .max(1440, { error: WOO_MSG.minutes })
    .default(15),
  /** Which WooCommerce statuses bring a new order in. */
  importStatuses: z.array(z.enum(WOO_STATUSES)).max(7).default(['processing', 'on-hold']),
  statusIn: z.partialRecord(z.enum(WOO_STATUSES), id.nullable()).default({}),
  statusOut: z
    .array(z.object({ orderStatusId: id, wooStatus: z.enum(WOO_STATUSES) }))
    .max(200)
    .default([]),
  incomeSourceId: id.nullable().default(null),
  shippingMethods: z
    .array(
      z.object({
        wooMethodId: z.string().trim().min(1, { error: WOO_MSG.method }).max(100, { error: WOO_MSG.method }),
        carrierMethodId: id,
      }),
    )
    .max(100)
    .default([]),
  stockBuffer: z
    .number()
    .int({ error: WOO_MSG.buffer })
    .min(0, { error: WOO_MSG.buffer })
    .max(100_000, { error: WOO_MSG.buffer })
    .default(0),
  pushStock: z.boolean().default(true),
  pushPrice: z.boolean().default(false),
  nipMetaKey: z.string().trim().max(100, { error: WOO_MSG.metaKey }).default('_billing_nip'),
  /** The VAT rate of lines that name no item and of the delivery. */
  defaultVat: z.number().min(0).max(100).default(23),
  /**
   * The shop's tax classes against our VAT rates ('standard' is WooCommerce's empty class): a line
   * of a mapped class takes that rate (what the buyer was charged); an unmapped one the linked
   * item's rate, else `defaultVat`.
   */
  taxClassVat: z
    .array(
      z.object({
        taxClass: z.string().trim().min(1, { error: WOO_MSG.taxClass }).max(100, { error: WOO_MSG.taxClass }),
        vat: z.union([z.number().min(0, { error: WOO_MSG.vat }).max(100, { error: WOO_MSG.vat }), z.enum(VAT_CODES)]),
      }),
    )
    .max(50)
    .default([]),
});
export type WooSettings = z.output<typeof wooSettingsSchema>;

export const testConnectionAnswerSchema = z.object({ ok: z.boolean(), message: z.string() });
export const jobStartedSchema = z.object({ jobId: z.number() });

export const webhookAnswerSchema = z.object({
  /** The path of the organisation's address (the web adds its own origin). */
  path: z.string(),
  secretSet: z.boolean(),
});

export const linkSchema = z.object({
  itemId: z.number(),
  productId: z.number(),
  variationId: z.number(),
  sku: z.string(),
  auto: z.boolean(),
  lastStock: z.number().nullable(),
  lastPrice: z.string().nullable(),
  pushedAt: z.string().nullable(),
});
export type WooLink = z.infer<typeof linkSchema>;
export const itemLinkAnswerSchema = z.object({ link: linkSchema.nullable() });
export const itemQuerySchema = z.object({
  itemId: z.coerce.number({ error: 'Podaj towar.' }).int().positive({ error: 'Podaj towar.' }),
});
export const linkPutSchema = z.object({
  itemId: id,
  /** The product's SKU in the shop (a variation's too); empty: remove the link. */
  sku: z.string().trim().max(100, { error: 'SKU: do 100 znaków.' }),
});

export const logEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  orderId: z.number().nullable(),
  message: z.string(),
});
export const logAnswerSchema = z.object({ entries: z.array(logEntrySchema) });

export const statusAnswerSchema = z.object({
  cursor: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  imported: z.number(),
  links: z.number(),
});
