/**
 * The jpk plugin's settings, wire shapes and Polish messages (docs/plugins.md, "Plugin: jpk"):
 * imported by the manifest, the server and the web part alike.
 */
import { isValidNip, nipDigits } from '@zaplecze/contract';
import { z } from 'zod';
import { isTaxOfficeCode } from './tax-offices';

export const JPK_ID = 'jpk';
/** The plugin's permission: making and downloading the files (the organisation's whole sales). */
export const JPK_FILES_PERMISSION = 'plugin.jpk.files';

export const JPK_KINDS = ['V7M', 'FA'] as const;
export type JpkKind = (typeof JPK_KINDS)[number];

/** The first month JPK_V7M(3) covers (its schema: `Rok` from 2026, made from 2026-02-01). */
export const V7M3_FIRST = { year: 2026, month: 2 } as const;
/** JPK_FA(4)'s dates (`TData`): from 2016-07-01 to 2030-01-01. */
export const FA4_FIRST_DAY = '2016-07-01';
export const FA4_LAST_DAY = '2030-01-01';
/** The longest period of one JPK_FA file, in days (a year and a day: 1 January to 1 January). */
export const FA_MAX_DAYS = 366;

export const JPK_MSG = {
  taxOfficeFormat: 'Kod urzędu skarbowego to 4 cyfry (np. 1471).',
  taxOfficeUnknown: (code: string) => `Nie ma urzędu skarbowego o kodzie ${code} na liście Ministerstwa Finansów.`,
  nip: 'NIP: 10 cyfr z poprawną cyfrą kontrolną (np. 526-025-09-95).',
  email: 'Podaj poprawny adres e-mail (np. biuro@firma.pl).',
  birthDate: 'Data urodzenia w formacie RRRR-MM-DD (od 1900-01-01, nie z przyszłości).',
  postCode: 'Kod pocztowy w formacie 00-000.',
  tooLong: (label: string, max: number) => `${label}: najwyżej ${max} znaków.`,
  kind: 'Rodzaj pliku: V7M (ewidencja i deklaracja VAT) albo FA (faktury).',
  year: 'Rok: liczba całkowita od 2016 do 2100.',
  month: 'Miesiąc: liczba całkowita od 1 do 12.',
  date: 'Data w formacie RRRR-MM-DD.',
  v7mNeedsMonth: 'JPK_V7M jest za miesiąc: podaj rok i miesiąc (bez dat od-do).',
  v7mTooEarly:
    'JPK_V7M(3) obejmuje okresy od lutego 2026 r.; wcześniejsze miesiące rozlicza się starszą strukturą JPK_V7M(2), której wtyczka nie tworzy.',
  faNeedsPeriod: 'JPK_FA: podaj rok i miesiąc albo daty od-do (dateFrom, dateTo), nie jedno i drugie.',
  faBothDates: 'JPK_FA: podaj obie daty okresu, od (dateFrom) i do (dateTo).',
  faOrder: 'Data początkowa okresu nie może być późniejsza niż końcowa.',
  faTooLong: `Okres jednego pliku JPK_FA: najwyżej ${FA_MAX_DAYS} dni.`,
  faRange: `JPK_FA(4) przyjmuje daty od ${FA4_FIRST_DAY} do ${FA4_LAST_DAY}.`,
  faCorrection: 'JPK_FA(4) składa się tylko w pierwszej wersji (cel złożenia 1): korekty nie ma.',
  future: 'Ten okres jeszcze się nie zaczął.',
  missingSettings: (labels: readonly string[]) => `Uzupełnij ustawienia wtyczki Pliki JPK: ${labels.join(', ')}.`,
  fileNotFound: 'Nie ma takiego pliku JPK.',
  notReady: 'Plik JPK nie jest jeszcze gotowy.',
  fileMissing: 'Plik JPK zniknął z magazynu plików; utwórz go ponownie.',
  idRequired: 'Podaj numer pliku (id).',
  jobDead:
    'Tworzenie pliku nie powiodło się mimo ponownych prób (szczegóły w zakładce Dziennik). Utwórz plik jeszcze raz.',
  foreignCurrency: (numbers: readonly string[], more: number) =>
    `JPK_V7M wykazuje kwoty w złotych, a te dokumenty są w walucie obcej bez kursu przeliczenia: ${list(numbers, more)}. ` +
    'Rozlicz je w programie księgowym albo wystaw w złotych.',
  unsupportedRate: (numbers: readonly string[], more: number) =>
    `Tych dokumentów wtyczka nie umie wykazać w JPK_V7M (stawka „oo” – odwrotne obciążenie – albo stawka spoza 23/22/8/7/5/0 %, zw, np): ${list(numbers, more)}. ` +
    'Rozlicz je w programie księgowym.',
  unsupportedFaRate: (numbers: readonly string[], more: number) =>
    `Te faktury mają stawkę VAT, której JPK_FA(4) nie zna (zna 23/22/8/7/5/4/3/0 %, zw, oo, np): ${list(numbers, more)}.`,
  noInvoices: 'W tym okresie nie wystawiono żadnej faktury: JPK_FA(4) musi zawierać co najmniej jedną.',
  invalidXml: (first: string) =>
    `Utworzony plik nie przeszedł sprawdzenia ze schematem Ministerstwa Finansów, więc nie jest udostępniony: ${first}`,
} as const;

function list(numbers: readonly string[], more: number): string {
  return more > 0 ? `${numbers.join(', ')} i ${more} innych` : numbers.join(', ');
}

/** Optional text of at most `max` characters (the schemas' token lengths); '' when not given. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: podaj tekst.` })
    .trim()
    .max(max, { error: JPK_MSG.tooLong(label, max) })
    .default('');

/** `s` is '' or passes `ok`. */
const emptyOr = (ok: (s: string) => boolean) => (s: string) => s === '' || ok(s);

export function isIsoDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * The settings (`GET/PUT /api/plugins/jpk/settings`, main.plugins.manage). Every field may be
 * empty while the seller fills the form; what a file needs is checked when it is asked for
 * (`missingSettings`). Field meanings: docs/plugins.md, "Plugin: jpk".
 */
export const jpkSettingsSchema = z.object({
  /** KodUrzedu: the tax office's code from the ministry's list (tax-offices.ts). */
  taxOfficeCode: z
    .string({ error: JPK_MSG.taxOfficeFormat })
    .trim()
    .superRefine((s, ctx) => {
      if (s === '') return;
      if (!/^\d{4}$/.test(s)) ctx.addIssue({ code: 'custom', message: JPK_MSG.taxOfficeFormat });
      else if (!isTaxOfficeCode(s)) ctx.addIssue({ code: 'custom', message: JPK_MSG.taxOfficeUnknown(s) });
    })
    .default(''),
  /** The seller's NIP (Podmiot1) as typed ('526-025-09-95' or digits); the files carry its 10 digits. */
  nip: z
    .string({ error: JPK_MSG.nip })
    .trim()
    .refine(
      emptyOr((s) => isValidNip(s) && /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/.test(nipDigits(s)!)),
      {
        error: JPK_MSG.nip,
      },
    )
    .default(''),
  /** True: the taxpayer is a natural person (OsobaFizyczna: first name, surname, birth date). */
  naturalPerson: z.boolean({ error: 'Osoba fizyczna: tak albo nie.' }).default(false),
  /** The full (company) name: PelnaNazwa of a non-natural person; JPK_FA's seller name of both. */
  fullName: text('Pełna nazwa', 240),
  firstName: text('Imię', 30),
  lastName: text('Nazwisko', 81),
  /** RRRR-MM-DD, a natural person's date of birth (DataUrodzenia). */
  birthDate: z
    .string({ error: JPK_MSG.birthDate })
    .trim()
    .refine(
      emptyOr((s) => isIsoDay(s) && s >= '1900-01-01' && s <= new Date().toISOString().slice(0, 10)),
      {
        error: JPK_MSG.birthDate,
      },
    )
    .default(''),
  /** The contact e-mail JPK_V7M requires (Email). */
  email: z
    .string({ error: JPK_MSG.email })
    .trim()
    .max(255, { error: JPK_MSG.tooLong('E-mail', 255) })
    .refine(
      emptyOr((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)),
      { error: JPK_MSG.email },
    )
    .default(''),
  /** The contact phone (Telefon, optional). */
  phone: text('Telefon', 16),
  /** The seller's address in Poland, JPK_FA's AdresPodmiotu. */
  province: text('Województwo', 36),
  county: text('Powiat', 36),
  commune: text('Gmina', 36),
  street: text('Ulica', 65),
  houseNumber: text('Numer domu', 9),
  flatNumber: text('Numer lokalu', 10),
  city: text('Miejscowość', 56),
  postCode: z
    .string({ error: JPK_MSG.postCode })
    .trim()
    .refine(
      emptyOr((s) => /^\d{2}-\d{3}$/.test(s)),
      { error: JPK_MSG.postCode },
    )
    .default(''),
});
export type JpkSettings = z.infer<typeof jpkSettingsSchema>;

/** The Polish names of the settings fields, as the missing-settings message lists them. */
export const SETTINGS_LABELS: Record<keyof JpkSettings, string> = {
  taxOfficeCode: 'kod urzędu skarbowego',
  nip: 'NIP',
  naturalPerson: 'osoba fizyczna',
  fullName: 'pełna nazwa',
  firstName: 'imię',
  lastName: 'nazwisko',
  birthDate: 'data urodzenia',
  email: 'e-mail',
  phone: 'telefon',
  province: 'województwo',
  county: 'powiat',
  commune: 'gmina',
  street: 'ulica',
  houseNumber: 'numer domu',
  flatNumber: 'numer lokalu',
  city: 'miejscowość',
  postCode: 'kod pocztowy',
};

/**
 * What a file of `kind` still needs from the settings (empty: nothing). JPK_V7M: the office, NIP,
 * e-mail and the name (a company's full name, or a person's first name, surname and birth date).
 * JPK_FA: the office, NIP, the name (a person's full name may be their names) and the address.
 */
export function missingSettings(s: JpkSettings, kind: JpkKind): (keyof JpkSettings)[] {
  const need: (keyof JpkSettings)[] = ['taxOfficeCode', 'nip'];
  if (kind === 'V7M') {
    need.push('email');
    if (s.naturalPerson) need.push('firstName', 'lastName', 'birthDate');
    else need.push('fullName');
  } else {
    if (!s.naturalPerson || s.firstName === '' || s.lastName === '') need.push('fullName');
    need.push('province', 'county', 'commune', 'houseNumber', 'city', 'postCode');
  }
  return need.filter((k) => s[k] === '');
}

const year = z
  .number({ error: JPK_MSG.year })
  .int({ error: JPK_MSG.year })
  .min(2016, { error: JPK_MSG.year })
  .max(2100, {
    error: JPK_MSG.year,
  });
const month = z
  .number({ error: JPK_MSG.month })
  .int({ error: JPK_MSG.month })
  .min(1, { error: JPK_MSG.month })
  .max(12, {
    error: JPK_MSG.month,
  });
const day = z.string({ error: JPK_MSG.date }).refine(isIsoDay, { error: JPK_MSG.date });

/** The last day of a month, RRRR-MM-DD. */
export function lastDayOf(y: number, m: number): string {
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
export const firstDayOf = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;

/**
 * `POST /api/plugins/jpk/files`: JPK_V7M of a month (`year`, `month`; `correction: true` makes
 * CelZlozenia 2), or JPK_FA of a month or of the days `dateFrom`-`dateTo` (both inclusive).
 */
export const fileRequestSchema = z
  .object(
    {
      kind: z.enum(JPK_KINDS, { error: JPK_MSG.kind }),
      year: year.optional(),
      month: month.optional(),
      dateFrom: day.optional(),
      dateTo: day.optional(),
      correction: z.boolean({ error: 'Korekta: tak albo nie.' }).default(false),
    },
    { error: 'Podaj plik jako obiekt JSON: kind, year i month albo dateFrom i dateTo.' },
  )
  .superRefine((b, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const hasMonth = b.year !== undefined || b.month !== undefined;
    const hasDates = b.dateFrom !== undefined || b.dateTo !== undefined;
    if (b.kind === 'V7M') {
      if (hasDates || b.year === undefined || b.month === undefined)
        return fail(JPK_MSG.v7mNeedsMonth, b.year === undefined ? 'year' : 'month');
      if (b.year * 12 + b.month < V7M3_FIRST.year * 12 + V7M3_FIRST.month) return fail(JPK_MSG.v7mTooEarly, 'month');
      return;
    }
    if (b.correction) return fail(JPK_MSG.faCorrection, 'correction');
    if (hasMonth === hasDates) return fail(JPK_MSG.faNeedsPeriod, hasMonth ? 'dateFrom' : 'year');
    if (hasMonth && (b.year === undefined || b.month === undefined))
      return fail(JPK_MSG.faNeedsPeriod, b.year === undefined ? 'year' : 'month');
    if (hasDates && (b.dateFrom === undefined || b.dateTo === undefined))
      return fail(JPK_MSG.faBothDates, b.dateFrom === undefined ? 'dateFrom' : 'dateTo');
    const from = b.dateFrom ?? firstDayOf(b.year!, b.month!);
    const to = b.dateTo ?? lastDayOf(b.year!, b.month!);
    if (from > to) return fail(JPK_MSG.faOrder, 'dateTo');
    if (from < FA4_FIRST_DAY || to > FA4_LAST_DAY) return fail(JPK_MSG.faRange, 'dateFrom');
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > FA_MAX_DAYS) fail(JPK_MSG.faTooLong, 'dateTo');
  });
export type FileRequest = z.input<typeof fileRequestSchema>;

export const fileStartedSchema = z.object({ jobId: z.number() });

export const FILE_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type FileState = (typeof FILE_STATES)[number];
/** What a running job is doing: reading the documents, checking against the schema, storing. */
export const FILE_PHASES = ['reading', 'validating', 'saving'] as const;

export const fileSummarySchema = z.object({
  /** Invoices in the file (V7M: also those marked FP), receipts summed into the RO row. */
  invoices: z.number(),
  receipts: z.number(),
  /** V7M: SprzedazWiersz rows; FA: FakturaWiersz rows. */
  rows: z.number(),
  /** V7M: PodatekNalezny (grosze); FA: WartoscFaktur, the sum of P_15 of every currency (grosze). */
  total: z.number(),
  /** V7M: P_38 and P_51 of the declaration, whole złoty. */
  vatDue: z.number().nullable(),
  toPay: z.number().nullable(),
  /** Polish notes about the file (invoices waiting for a KSeF number, FA's foreign currencies, ...). */
  warnings: z.array(z.string()),
});
export type FileSummary = z.infer<typeof fileSummarySchema>;

export const jpkFileSchema = z.object({
  id: z.number(),
  jobId: z.number().nullable(),
  kind: z.enum(JPK_KINDS),
  /** The period: V7M its month; FA a month or the days asked for. */
  year: z.number().nullable(),
  month: z.number().nullable(),
  dateFrom: z.string(),
  dateTo: z.string(),
  correction: z.boolean(),
  state: z.enum(FILE_STATES),
  phase: z.enum(FILE_PHASES).nullable(),
  /** Documents read of the period's documents (the job's progress). */
  done: z.number(),
  total: z.number(),
  /** Why the file was not made (Polish), when `state` is 'failed'. */
  error: z.string().nullable(),
  /** The download's file name and size, SHA-256 (hex) of the XML, once done. */
  fileName: z.string().nullable(),
  bytes: z.number().nullable(),
  sha256: z.string().nullable(),
  summary: fileSummarySchema.nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  finishedAt: z.string().nullable(),
});
export type JpkFile = z.infer<typeof jpkFileSchema>;

export const filesQuerySchema = z.object({
  jobId: z.coerce
    .number({ error: 'Numer zadania (jobId) to liczba.' })
    .int({ error: 'Numer zadania (jobId) to liczba.' })
    .positive({ error: 'Numer zadania (jobId) to liczba.' })
    .max(2_147_483_647, { error: 'Numer zadania (jobId) to liczba.' })
    .optional(),
});

export const filesAnswerSchema = z.object({
  files: z.array(jpkFileSchema),
  /** What each kind still needs from the settings (Polish labels; empty: ready). */
  settingsMissing: z.object({ V7M: z.array(z.string()), FA: z.array(z.string()) }),
});
export type FilesAnswer = z.infer<typeof filesAnswerSchema>;

export const idQuerySchema = z.object({
  id: z.coerce
    .number({ error: JPK_MSG.idRequired })
    .int({ error: JPK_MSG.idRequired })
    .positive({ error: JPK_MSG.idRequired })
    .max(2_147_483_647, { error: JPK_MSG.idRequired }),
});
