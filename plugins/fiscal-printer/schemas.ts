/**
 * The fiscal-printer plugin's settings, wire shapes and Polish messages (docs/plugins.md, "Plugin:
 * fiscal-printer"): imported by the manifest, the server and the web part alike.
 */
import { z } from 'zod';

/** The printer's VAT slots, in order: slot 0 is A (POSNET `trline vt`). */
export const VAT_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type VatLetter = (typeof VAT_LETTERS)[number];

/** A letter's rate: a percent (23, 5.5), 'zw' (exempt), or null (the letter is not used). */
export type LetterRate = number | 'zw' | null;
export type VatLetters = Record<VatLetter, LetterRate>;

/** The usual programming of a Polish printer: A 23 %, B 8 %, C 5 %, D 0 %, E exempt. */
export const DEFAULT_VAT_LETTERS: VatLetters = { A: 23, B: 8, C: 5, D: 0, E: 'zw', F: null, G: null };

/** POSNET's default TCP port (the printer's network report shows the one set on it). */
export const POSNET_PORT = 6666;

export const FISCAL_MSG = {
  host: 'Adres drukarki: nazwa hosta albo adres IP, np. 192.168.1.50 (bez http:// i bez portu).',
  port: 'Port drukarki: liczba od 1 do 65535 (POSNET ma domyślnie 6666).',
  timeout: 'Czas na odpowiedź drukarki: od 1 do 60 sekund.',
  letterRate: 'Stawka litery: procent od 0 do 99,99 (najwyżej dwa miejsca po przecinku), „zw” albo puste pole.',
  letters: 'Litery stawek drukarki to A–G.',
  duplicateRate: (rate: string, letters: string) =>
    `Stawka ${rate} jest przypisana do kilku liter (${letters}): zostaw ją przy jednej.`,
  noHost: 'Podaj adres drukarki fiskalnej w ustawieniach wtyczki (zakładka „Drukarka”).',
  receiptNotFound: 'Nie znaleziono paragonu.',
  oneOf: 'Podaj numer paragonu (receiptId) albo numer zamówienia (orderId).',
  alreadyPrinted: (number: string) => `Paragon ${number} jest już wydrukowany: drugi raz go nie drukujemy.`,
  printing: (number: string) => `Paragon ${number} właśnie się drukuje. Poczekaj na wynik.`,
  notUncertain: (number: string) =>
    `Paragon ${number} nie czeka na sprawdzenie: ręcznie oznaczyć jako wydrukowany można tylko paragon „Do sprawdzenia”.`,
  printerBusy: 'Drukarka właśnie drukuje paragon. Spróbuj za chwilę.',
  badFilter: 'Stan: WAITING, PRINTING, PRINTED, FAILED albo UNKNOWN.',
} as const;

const percent = z
  .number({ error: FISCAL_MSG.letterRate })
  .min(0, { error: FISCAL_MSG.letterRate })
  .max(99.99, { error: FISCAL_MSG.letterRate })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: FISCAL_MSG.letterRate });
const letterRate = z.union([percent, z.literal('zw'), z.null()], { error: FISCAL_MSG.letterRate });

/** How a letter's rate reads in messages and on screens: 23 -> '23%', 'zw' -> 'zw'. */
export function rateText(rate: LetterRate | number): string {
  if (rate === null) return '—';
  if (rate === 'zw') return 'zw';
  return `${String(rate).replace('.', ',')}%`;
}

/** A rate's key for comparisons: hundredths of a percent, or 'zw'. */
export function rateKey(rate: number | 'zw'): string {
  return rate === 'zw' ? 'zw' : String(Math.round(rate * 100));
}

export const vatLettersSchema = z
  .strictObject(
    {
      A: letterRate.default(null),
      B: letterRate.default(null),
      C: letterRate.default(null),
      D: letterRate.default(null),
      E: letterRate.default(null),
      F: letterRate.default(null),
      G: letterRate.default(null),
    },
    { error: FISCAL_MSG.letters },
  )
  .superRefine((letters, ctx) => {
    const byRate = new Map<string, string[]>();
    for (const l of VAT_LETTERS) {
      const r = letters[l];
      if (r === null) continue;
      byRate.set(rateKey(r), [...(byRate.get(rateKey(r)) ?? []), l]);
    }
    for (const [, ls] of byRate) {
      if (ls.length > 1)
        ctx.addIssue({
          code: 'custom',
          message: FISCAL_MSG.duplicateRate(rateText(letters[ls[0] as VatLetter]), ls.join(', ')),
          path: [ls[1]!],
        });
    }
  });

/** The plugin's settings (no secrets: the printer is reached by address, it has no password). */
export const fiscalSettingsSchema = z.object({
  /** The printer's address as the server reaches it (the shop's LAN, or a tunnel's end); '' = not set. */
  host: z
    .string({ error: FISCAL_MSG.host })
    .trim()
    .max(253, { error: FISCAL_MSG.host })
    .refine(
      (s) => s === '' || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(s) || /^\[?[0-9A-Fa-f:.]+\]?$/.test(s),
      {
        error: FISCAL_MSG.host,
      },
    )
    .default(''),
  port: z
    .number({ error: FISCAL_MSG.port })
    .int({ error: FISCAL_MSG.port })
    .min(1, { error: FISCAL_MSG.port })
    .max(65535, { error: FISCAL_MSG.port })
    .default(POSNET_PORT),
  /** The rate each of the printer's letters A-G is programmed with. */
  vatLetters: vatLettersSchema.default(DEFAULT_VAT_LETTERS),
  /** The longest wait for the connection and for each answer of the printer. */
  timeoutSeconds: z
    .number({ error: FISCAL_MSG.timeout })
    .int({ error: FISCAL_MSG.timeout })
    .min(1, { error: FISCAL_MSG.timeout })
    .max(60, { error: FISCAL_MSG.timeout })
    .default(10),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>;

/**
 * A receipt's print state (docs/plugins.md, "Plugin: fiscal-printer"): WAITING queued, PRINTING
 * sent to the printer now, PRINTED, FAILED (certainly not printed: it can be printed again),
 * UNKNOWN (the printer may have printed it and could not say: the seller looks at the printer).
 */
export const PRINT_STATES = ['WAITING', 'PRINTING', 'PRINTED', 'FAILED', 'UNKNOWN'] as const;
export type PrintState = (typeof PRINT_STATES)[number];
export const PRINT_STATE_NAMES: Record<PrintState, string> = {
  WAITING: 'Czeka na drukarkę',
  PRINTING: 'Drukuje się',
  PRINTED: 'Wydrukowany',
  FAILED: 'Nie wydrukowany',
  UNKNOWN: 'Do sprawdzenia',
};

export const receiptsQuerySchema = z.object({
  state: z.enum(PRINT_STATES, { error: FISCAL_MSG.badFilter }).optional(),
  /** Paging: receipts listed before this one (the previous page's `next`). */
  before: z.coerce
    .number({ error: 'Parametr before: numer wiersza.' })
    .int({ error: 'Parametr before: numer wiersza.' })
    .positive({ error: 'Parametr before: numer wiersza.' })
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit: od 1 do 200.' })
    .int({ error: 'Limit: od 1 do 200.' })
    .min(1, { error: 'Limit: od 1 do 200.' })
    .max(200, { error: 'Limit: od 1 do 200.' })
    .default(50),
});

export const receiptPrintSchema = z.object({
  /** The list's row id (for `before`). */
  id: z.number(),
  receiptId: z.number(),
  number: z.string(),
  orderId: z.number().nullable(),
  issuedAt: z.string(),
  /** The receipt's total, grosze. */
  gross: z.number(),
  state: z.enum(PRINT_STATES),
  /** Why it is not printed (Polish), or how it was printed; null when nothing to say. */
  message: z.string().nullable(),
  /** The printer's error number of the last refusal, null when none. */
  errorCode: z.number().nullable(),
  attempts: z.number(),
  printedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReceiptPrint = z.infer<typeof receiptPrintSchema>;
export const receiptsAnswerSchema = z.object({
  receipts: z.array(receiptPrintSchema),
  /** The `before` of the next page, null on the last. */
  next: z.number().nullable(),
});

const positiveId = (error: string) => z.number({ error }).int({ error }).positive({ error });

export const printBodySchema = z
  .object({
    receiptId: positiveId('Numer paragonu (receiptId): liczba całkowita dodatnia.').optional(),
    orderId: positiveId('Numer zamówienia (orderId): liczba całkowita dodatnia.').optional(),
    /**
     * For a receipt 'Do sprawdzenia' (UNKNOWN): print without checking the printer's counter, when
     * the seller has looked and the receipt is not there. Otherwise the counter decides.
     */
    force: z.boolean({ error: 'Pole force: true albo false.' }).default(false),
  })
  .refine((b) => (b.receiptId === undefined) !== (b.orderId === undefined), { error: FISCAL_MSG.oneOf });
export type PrintBody = z.input<typeof printBodySchema>;

export const markPrintedBodySchema = z.object({
  receiptId: positiveId('Numer paragonu (receiptId): liczba całkowita dodatnia.'),
});

export const printAnswerSchema = z.object({
  receiptId: z.number(),
  number: z.string(),
  state: z.enum(PRINT_STATES),
  message: z.string().nullable(),
});

/** The printer's letters as it is programmed (`vatget`), for the 'Stawki VAT' screen. */
export const printerRatesAnswerSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** Per letter: a percent, 'zw', or null (inactive on the printer); empty when it did not answer. */
  letters: z.record(z.string(), z.union([z.number(), z.literal('zw'), z.null()])),
});
