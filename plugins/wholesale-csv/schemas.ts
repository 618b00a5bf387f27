import { marginSchema, vatSchema, currencySchema, vatValueSchema, JOB_STATES } from '@zaplecze/contract';
import { z } from 'zod';

/**
 * The wire shapes of wholesale-csv (docs/plugins.md, wholesale-csv), shared by its server and web
 * parts: supplier profiles, the preview and the import's status and report.
 */

export const ENCODINGS = ['auto', 'utf-8', 'windows-1250', 'iso-8859-2'] as const;
export type EncodingChoice = (typeof ENCODINGS)[number];
export type Encoding = Exclude<EncodingChoice, 'auto'>;
export const DELIMITERS = ['auto', 'semicolon', 'comma', 'tab'] as const;
export type DelimiterChoice = (typeof DELIMITERS)[number];
export type Delimiter = Exclude<DelimiterChoice, 'auto'>;
export const DELIMITER_CHAR: Record<Delimiter, string> = { semicolon: ';', comma: ',', tab: '\t' };

/** The fields a file's columns may fill, in the form's order. */
export const COLUMN_FIELDS = ['code', 'gtin', 'name', 'extCode', 'extUrl', 'extPrice', 'stock', 'vat'] as const;
export type ColumnField = (typeof COLUMN_FIELDS)[number];
export const MATCH_KEYS = ['code', 'gtin', 'extCode'] as const;
export type MatchKey = (typeof MATCH_KEYS)[number];

/** A file is at most 50 MB (the upload is refused past it). */
export const FILE_MAX_BYTES = 50 * 1024 * 1024;
export const PREVIEW_ROWS = 20;

export const CSV_MSG = {
  nameRequired: 'Podaj nazwę profilu.',
  nameTooLong: 'Nazwa profilu może mieć najwyżej 100 znaków.',
  columnInvalid: 'Kolumnę podaj jako numer (od 1) albo nazwę z nagłówka (najwyżej 200 znaków).',
  columnNeedsHeader: (field: string) =>
    `Kolumna „${field}” jest podana nazwą, a profil nie ma wiersza nagłówka: podaj numer kolumny.`,
  matchColumnMissing: 'Wskaż kolumnę, po której towary są dopasowywane.',
  codeColumnMissing: 'Aby tworzyć nowe towary, wskaż kolumnę z kodem towaru.',
  extPriceColumnMissing: 'Reguła ceny z marżą wymaga kolumny z ceną zakupu (cena zewnętrzna).',
  stockColumnMissing: 'Ustawianie stanów wymaga kolumny ze stanem.',
  idInvalid: 'Niepoprawny identyfikator.',
  profileNotFound: 'Nie znaleziono profilu dostawcy.',
  importNotFound: 'Nie znaleziono importu.',
  reportNotReady: 'Raport będzie dostępny po zakończeniu importu.',
  noFile: 'Nie przesłano pliku CSV (pole „file”).',
  badUpload: 'Nie udało się odczytać przesłanego pliku. Spróbuj ponownie.',
  tooBig: 'Plik jest za duży: najwyżej 50 MB.',
  emptyFile: 'Plik jest pusty.',
  binaryFile:
    'To nie jest plik tekstowy CSV (plik zawiera dane binarne, np. arkusz XLSX albo archiwum). Zapisz go jako CSV.',
  profileIdRequired: 'Wybierz profil dostawcy.',
  statusMissing: 'Nie znaleziono wybranego statusu towaru.',
  categoryMissing: 'Nie znaleziono wybranej kategorii.',
} as const;

/** A column: its number (from 1) or a header's name. Empty = not in the file. */
const columnSchema = z
  .string({ error: CSV_MSG.columnInvalid })
  .trim()
  .max(200, { error: CSV_MSG.columnInvalid })
  .refine((s) => !/^\d+$/.test(s) || (Number(s) >= 1 && Number(s) <= 1000), { error: CSV_MSG.columnInvalid })
  .default('');

const optionalId = z
  .number({ error: CSV_MSG.idInvalid })
  .int({ error: CSV_MSG.idInvalid })
  .positive({ error: CSV_MSG.idInvalid })
  .nullable()
  .default(null);

export const profileInputSchema = z
  .object({
    name: z
      .string({ error: CSV_MSG.nameRequired })
      .trim()
      .min(1, { error: CSV_MSG.nameRequired })
      .max(100, { error: CSV_MSG.nameTooLong }),
    encoding: z.enum(ENCODINGS).default('auto'),
    delimiter: z.enum(DELIMITERS).default('auto'),
    headerRow: z.boolean().default(true),
    columns: z.object(
      Object.fromEntries(COLUMN_FIELDS.map((f) => [f, columnSchema])) as Record<ColumnField, typeof columnSchema>,
    ),
    matchBy: z.enum(MATCH_KEYS).default('code'),
    createMissing: z.boolean().default(true),
    priceRule: z.enum(['margin', 'keep']).default('keep'),
    /** Percent over the external price (two decimals); stored in hundredths of a percent. */
    marginPercent: marginSchema.default(0),
    stockRule: z.enum(['set', 'keep']).default('keep'),
    defaults: z.object({
      itemStatusId: optionalId,
      vat: vatSchema.default(2300),
      currency: currencySchema.default('PLN'),
      categoryId: optionalId,
    }),
  })
  .superRefine((p, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    if (!p.headerRow)
      for (const f of COLUMN_FIELDS) {
        const c = p.columns[f];
        if (c !== '' && !/^\d+$/.test(c)) issue(CSV_MSG.columnNeedsHeader(f), ['columns', f]);
      }
    if (p.columns[p.matchBy] === '') issue(CSV_MSG.matchColumnMissing, ['columns', p.matchBy]);
    if (p.createMissing && p.columns.code === '') issue(CSV_MSG.codeColumnMissing, ['columns', 'code']);
    if (p.priceRule === 'margin' && p.columns.extPrice === '')
      issue(CSV_MSG.extPriceColumnMissing, ['columns', 'extPrice']);
    if (p.stockRule === 'set' && p.columns.stock === '') issue(CSV_MSG.stockColumnMissing, ['columns', 'stock']);
  });
export type ProfileInput = z.input<typeof profileInputSchema>;
export type ProfileSettings = z.output<typeof profileInputSchema>;

/** A stored profile as the API answers it (money and VAT back as decimal numbers or codes). */
export const profileSchema = z.object({
  id: z.number(),
  name: z.string(),
  encoding: z.enum(ENCODINGS),
  delimiter: z.enum(DELIMITERS),
  headerRow: z.boolean(),
  columns: z.object(Object.fromEntries(COLUMN_FIELDS.map((f) => [f, z.string()])) as Record<ColumnField, z.ZodString>),
  matchBy: z.enum(MATCH_KEYS),
  createMissing: z.boolean(),
  priceRule: z.enum(['margin', 'keep']),
  marginPercent: z.number(),
  stockRule: z.enum(['set', 'keep']),
  defaults: z.object({
    itemStatusId: z.number().nullable(),
    vat: vatValueSchema,
    currency: z.string(),
    categoryId: z.number().nullable(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;
export const profilesAnswerSchema = z.object({ profiles: z.array(profileSchema) });

export const idQuerySchema = z.object({
  id: z.coerce
    .number({ error: CSV_MSG.idInvalid })
    .int({ error: CSV_MSG.idInvalid })
    .positive({ error: CSV_MSG.idInvalid }),
});
export const jobQuerySchema = z.object({
  jobId: z.coerce
    .number({ error: CSV_MSG.idInvalid })
    .int({ error: CSV_MSG.idInvalid })
    .positive({ error: CSV_MSG.idInvalid }),
});

/** The multipart fields of preview and import. */
export const uploadFieldsSchema = z.object({
  profileId: z.coerce
    .number({ error: CSV_MSG.profileIdRequired })
    .int({ error: CSV_MSG.profileIdRequired })
    .positive({ error: CSV_MSG.profileIdRequired }),
  encoding: z.enum(ENCODINGS).optional(),
  delimiter: z.enum(DELIMITERS).optional(),
});

export const previewAnswerSchema = z.object({
  encoding: z.enum(ENCODINGS.filter((e): e is Encoding => e !== 'auto') as [Encoding, ...Encoding[]]),
  delimiter: z.enum(DELIMITERS.filter((d): d is Delimiter => d !== 'auto') as [Delimiter, ...Delimiter[]]),
  /** The header row when the profile has one. */
  header: z.array(z.string()).nullable(),
  /** The first PREVIEW_ROWS data rows, cells as text verbatim. */
  rows: z.array(z.array(z.string())),
  /** The file line each row starts on (as the report numbers rows). */
  lines: z.array(z.number()),
  /** Problems found in the file's beginning (a header name not found, a broken quote). */
  warnings: z.array(z.string()),
});
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;

export const importReportSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(z.object({ row: z.number(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importStatusSchema = z.object({
  state: z.enum(JOB_STATES),
  done: z.number(),
  total: z.number(),
  report: importReportSchema.nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** POST /imports: the import's job (GET /imports?jobId= follows it). */
export const importStartedSchema = z.object({ jobId: z.number() });
