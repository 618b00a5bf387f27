/**
 * The invoicing plugin's settings, wire shapes and Polish messages (docs/plugins.md, "Plugin:
 * invoicing"): imported by the manifest, the server and the web part alike.
 */
import { z } from 'zod';

/** KSeF 2.0's environments and their API addresses (docs/plugins.md, "Plugin: invoicing"). */
export const KSEF_ENVIRONMENTS = ['TEST', 'DEMO', 'PRODUCTION'] as const;
export type KsefEnvironment = (typeof KSEF_ENVIRONMENTS)[number];
export const KSEF_API_URLS: Record<KsefEnvironment, string> = {
  TEST: 'https://api-test.ksef.mf.gov.pl/v2',
  DEMO: 'https://api-demo.ksef.mf.gov.pl/v2',
  PRODUCTION: 'https://api.ksef.mf.gov.pl/v2',
};
/** Where KOD I (the invoice's verification QR code) points, per environment. */
export const KSEF_QR_URLS: Record<KsefEnvironment, string> = {
  TEST: 'https://qr-test.ksef.mf.gov.pl',
  DEMO: 'https://qr-demo.ksef.mf.gov.pl',
  PRODUCTION: 'https://qr.ksef.mf.gov.pl',
};
/** The environment in a sentence ('Połączono z KSeF, środowisko testowe, …'). */
export const ENVIRONMENT_IN_TEXT: Record<KsefEnvironment, string> = {
  TEST: 'testowe',
  DEMO: 'przedprodukcyjne (DEMO)',
  PRODUCTION: 'produkcyjne',
};
export const ENVIRONMENT_NAMES: Record<KsefEnvironment, string> = {
  TEST: 'Testowe (TEST)',
  DEMO: 'Przedprodukcyjne (DEMO)',
  PRODUCTION: 'Produkcyjne',
};

export const INVOICING_MSG = {
  apiUrl: 'Adres API KSeF musi zaczynać się od https:// (albo zostaw pole puste).',
  nip: 'NIP sprzedawcy: 10 cyfr z poprawną cyfrą kontrolną.',
  noNip: 'Podaj NIP sprzedawcy w ustawieniach wtyczki (Połączenie z KSeF).',
  noToken: 'Podaj token KSeF w ustawieniach wtyczki (wygenerujesz go w Aplikacji Podatnika KSeF).',
  badFilter: 'Miesiąc: rok 2000-2100 i miesiąc 1-12.',
  invoiceNotFound: 'Nie znaleziono faktury.',
  notRejected: 'Ponownie wysłać można tylko fakturę odrzuconą albo czekającą na wysyłkę.',
  noUpo: 'Ta faktura nie ma jeszcze UPO: KSeF wydaje je po przyjęciu faktury.',
} as const;

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
/** A NIP's digits when it has ten digits and a correct check digit. */
export function validNip(raw: string): string | null {
  const d = raw.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(d)) return null;
  const sum = NIP_WEIGHTS.reduce((a, w, i) => a + w * Number(d[i]), 0) % 11;
  return sum !== 10 && sum === Number(d[9]) ? d : null;
}

/** The non-secret settings (the secret `ksefToken` is the manifest's). */
export const invoicingSettingsSchema = z.object({
  environment: z
    .enum(KSEF_ENVIRONMENTS, { error: 'Środowisko KSeF: TEST, DEMO albo PRODUCTION.' })
    .default('PRODUCTION'),
  /** Overrides the environment's address (a proxy, or a local fake in tests); '' = the environment's. */
  apiUrl: z
    .string({ error: INVOICING_MSG.apiUrl })
    .trim()
    .max(200, { error: 'Adres API KSeF może mieć najwyżej 200 znaków.' })
    .refine((s) => s === '' || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(s), { error: INVOICING_MSG.apiUrl })
    .default(''),
  /** The seller's NIP: the KSeF context the token belongs to; '' = not set. */
  nip: z
    .string({ error: INVOICING_MSG.nip })
    .trim()
    .max(20, { error: INVOICING_MSG.nip })
    .refine((s) => s === '' || validNip(s) !== null, { error: INVOICING_MSG.nip })
    .default(''),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;

/** An invoice's KSeF state (the fixed call's values). */
export const KSEF_STATES = ['WAITING', 'SENT', 'ACCEPTED', 'REJECTED', 'OFFLINE'] as const;
export type KsefState = (typeof KSEF_STATES)[number];
export const KSEF_STATE_NAMES: Record<KsefState, string> = {
  WAITING: 'Czeka na wysyłkę',
  SENT: 'Wysłana, KSeF sprawdza',
  ACCEPTED: 'Przyjęta',
  REJECTED: 'Odrzucona',
  OFFLINE: 'Offline: wyślemy, gdy KSeF odpowie',
};

export const invoicesQuerySchema = z.object({
  year: z.coerce.number({ error: INVOICING_MSG.badFilter }).int().min(2000).max(2100).optional(),
  month: z.coerce.number({ error: INVOICING_MSG.badFilter }).int().min(1).max(12).optional(),
  state: z.enum(KSEF_STATES, { error: 'Stan: WAITING, SENT, ACCEPTED, REJECTED albo OFFLINE.' }).optional(),
  /** Paging: invoices with a smaller internal id than this (the previous page's `next`). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ksefInvoiceSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.string(),
  orderId: z.number().nullable(),
  issuedAt: z.string(),
  gross: z.number(),
  currency: z.string(),
  state: z.enum(KSEF_STATES),
  ksefNumber: z.string().nullable(),
  /** What KSeF refused (its code and message, and what to fix), null when nothing. */
  error: z.string().nullable(),
  /** Sent in offline mode (KSeF was unavailable when the invoice was issued). */
  offline: z.boolean(),
  /** Send by (YYYY-MM-DD): the offline deadline, null when online. */
  sendBy: z.string().nullable(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  hasUpo: z.boolean(),
});
export type KsefInvoice = z.infer<typeof ksefInvoiceSchema>;
export const invoicesAnswerSchema = z.object({
  invoices: z.array(ksefInvoiceSchema),
  /** The `before` of the next page, null on the last. */
  next: z.number().nullable(),
  /** Counts per state in the filtered month (without the state filter). */
  counts: z.record(z.string(), z.number()),
});

export const resendBodySchema = z.object({ invoiceId: z.number({ error: 'Wybierz fakturę.' }).int().positive() });

export const receiptBodySchema = z.object({
  orderId: z.number({ error: 'Podaj numer zamówienia.' }).int({ error: 'Podaj numer zamówienia.' }).positive(),
  /** NIP printed on the receipt; omitted: the order's company NIP, '' none. */
  buyerTaxId: z.string().trim().max(20, { error: 'NIP nabywcy: najwyżej 20 znaków.' }).optional(),
});
export const receiptAnswerSchema = z.object({
  receiptId: z.number(),
  receiptNumber: z.string(),
  orderId: z.number(),
  /** True once a fiscal printer printed it; false: no printer, or the print is queued or failed. */
  printed: z.boolean(),
  /** False when the order had its receipt before (this call issued nothing). */
  created: z.boolean(),
  /** Why it is not printed yet (Polish), null when printed or no printer is installed. */
  printMessage: z.string().nullable(),
});
export type ReceiptAnswer = z.infer<typeof receiptAnswerSchema>;
