import { z } from 'zod';
import { strictNumber } from './numbers';
import { GTIN_MAX, isValidGtin } from './gtin';
import { isIsoCurrency, marginSchema, moneySchema } from './money';
import { vatSchema, vatValueSchema } from './vat';
import { pagedAnswerSchema, pagingSchema } from './paging';
import { isPrintableItemCode, READER_ITEM_CODE_MAX } from './reader-codes';
import { idSchema } from './schemas';

/**
 * Items (docs/rules/catalogue-and-orders-rules.md §3 Item, Item search, Item generation, Item mass edit payload, Mass
 * results). Money and VAT travel as decimal numbers and are exact hundredths inside (money.ts).
 */

// ---- limits ------------------------------------------------------------------------------------

export const ITEM_NAME_MAX = 1000;
export const ITEM_DESCRIPTION_MAX = 100_000;
export const ITEM_EXT_CODE_MAX = 200;
export const ITEM_URL_MAX = 2000;
/** Stock and offer quantities: whole pieces. */
export const ITEM_COUNT_MAX = 1_000_000_000;
/** docs/rules/catalogue-and-orders-rules.md §2.7, §9: at most 1000 items per generation. */
export const GENERATE_MAX = 1000;
/** docs/rules/catalogue-and-orders-rules.md §9: batches of 100 for mass edit; one call takes at most this many ids. */
export const MASS_BATCH_MAX = 1000;
export const MASS_EDIT_BATCH = 100;
export const PARAM_VALUES_MAX = 100;
export const PARAM_VALUE_MAX = 1000;
export const ITEM_PARAMS_MAX = 500;
export const ITEM_DESCS_MAX = 100;
/** Photos (docs/rules/catalogue-and-orders-rules.md §5, §9, docs/rules/server-side-rules.md Files). */
export const PHOTOS_MAX = 20;
export const PHOTO_MAX_BYTES = 10_485_760;
export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;

export const ITEM_MSG = {
  codeRequired: 'Podaj kod towaru.',
  codeInvalid: `Kod towaru może mieć od 1 do ${READER_ITEM_CODE_MAX} znaków: wielkie litery bez polskich znaków, cyfry i znaki drukowalne ASCII, bez prefiksów kodów czytnika.`,
  gtinInvalid:
    'GTIN może zawierać tylko cyfry (najwyżej 14); przy długości 8, 12, 13 lub 14 ostatnia cyfra musi być poprawną cyfrą kontrolną.',
  currencyInvalid: 'Waluta musi mieć 3 litery.',
  currencyUnknown: 'Nieznany kod waluty: podaj kod ISO 4217, np. PLN, EUR, USD.',
  countInvalid: `Ilość musi być liczbą całkowitą od 0 do ${ITEM_COUNT_MAX}.`,
  statusRequired: 'Wybierz status towaru.',
  urlInvalid: 'Adres URL musi zaczynać się od http:// lub https://.',
  photosTooMany: `Towar nie może posiadać więcej niż ${PHOTOS_MAX} zdjęć!`,
  photoTooBig: 'Pojedyncze zdjęcie nie może przekraczać rozmiaru 10 MB!',
  paramValueTooLong: `Wartość parametru może mieć najwyżej ${PARAM_VALUE_MAX} znaków.`,
  paramRepeated: 'Parametr występuje w towarze więcej niż raz.',
  generateTooMany: `Jednorazowo można wygenerować najwyżej ${GENERATE_MAX} towarów.`,
  generateNumberInvalid: 'Numer początkowy i końcowy muszą być liczbami całkowitymi od 0 do 999999999.',
  generateRange: 'Numer końcowy nie może być mniejszy od numeru początkowego.',
  massTooMany: `Jedno wywołanie może objąć najwyżej ${MASS_BATCH_MAX} towarów.`,
  idsRequired: 'Nie wybrano towarów.',
} as const;

// ---- fields ------------------------------------------------------------------------------------

/** Codes are upper-cased (docs/rules/catalogue-and-orders-rules.md §3) and must print as reader codes. */
export const itemCodeSchema = z
  .string({ error: ITEM_MSG.codeRequired })
  .trim()
  .min(1, { error: ITEM_MSG.codeRequired })
  .transform((s) => s.toUpperCase())
  .refine(isPrintableItemCode, { error: ITEM_MSG.codeInvalid });

export const gtinSchema = z
  .string()
  .trim()
  .max(GTIN_MAX, { error: ITEM_MSG.gtinInvalid })
  .refine((g) => g === '' || isValidGtin(g), { error: ITEM_MSG.gtinInvalid });

export const currencySchema = z
  .string({ error: ITEM_MSG.currencyInvalid })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z]{3}$/.test(s), { error: ITEM_MSG.currencyInvalid })
  .refine(isIsoCurrency, { error: ITEM_MSG.currencyUnknown });

export const countSchema = strictNumber(
  z
    .number({ error: ITEM_MSG.countInvalid })
    .int({ error: ITEM_MSG.countInvalid })
    .min(0, { error: ITEM_MSG.countInvalid })
    .max(ITEM_COUNT_MAX, { error: ITEM_MSG.countInvalid }),
);

const urlSchema = z
  .string()
  .trim()
  .max(ITEM_URL_MAX, { error: ITEM_MSG.urlInvalid })
  .refine((u) => u === '' || /^https?:\/\/\S+$/i.test(u), { error: ITEM_MSG.urlInvalid });

const optionalRef = idSchema.nullable().optional().default(null);

export const externalDataInputSchema = z.object({
  code: z.string().trim().max(ITEM_EXT_CODE_MAX).default(''),
  url: urlSchema.default(''),
  price: moneySchema.default(0),
  /** null = no custom margin (docs/rules/catalogue-and-orders-rules.md §4). */
  customMargin: marginSchema.nullable().default(null),
});

export const paramValueInputSchema = z.object({
  paramId: idSchema,
  values: z
    .array(z.string().trim().max(PARAM_VALUE_MAX, { error: ITEM_MSG.paramValueTooLong }))
    .max(PARAM_VALUES_MAX)
    // docs/rules/catalogue-and-orders-rules.md §5: empty values are dropped.
    .transform((vs) => vs.filter((v) => v !== '')),
});
export type ParamValueInput = z.input<typeof paramValueInputSchema>;
export type ParamValue = z.output<typeof paramValueInputSchema>;

export const PHOTO_KINDS = ['file', 'url'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const photoInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), name: z.string().regex(/^[a-z0-9]{32}\.(jpg|png)$/) }),
  z.object({ type: z.literal('url'), name: urlSchema.refine((u) => u !== '', { error: ITEM_MSG.urlInvalid }) }),
]);
export type PhotoInput = z.infer<typeof photoInputSchema>;

const itemFields = {
  code: itemCodeSchema,
  gtin: gtinSchema.default(''),
  name: z.string().trim().max(ITEM_NAME_MAX).default(''),
  description: z.string().max(ITEM_DESCRIPTION_MAX).default(''),
  price: moneySchema,
  vat: vatSchema,
  currency: currencySchema,
  countWare: countSchema,
  /** null = the stock is what the offer shows (docs/rules/catalogue-and-orders-rules.md §3). */
  countOffer: countSchema.nullable().default(null),
  itemStatusId: strictNumber(
    z
      .number({ error: ITEM_MSG.statusRequired })
      .int({ error: ITEM_MSG.statusRequired })
      .positive({ error: ITEM_MSG.statusRequired })
      .max(2_147_483_647, { error: ITEM_MSG.statusRequired }),
  ),
  deliveryPriceListId: optionalRef,
  deliveryTimeId: optionalRef,
  itemGroupId: optionalRef,
  categoryId: optionalRef,
  placeId: optionalRef,
  externalData: externalDataInputSchema.nullable().default(null),
  additionalDescIds: z.array(idSchema).max(ITEM_DESCS_MAX).default([]),
  params: z.array(paramValueInputSchema).max(ITEM_PARAMS_MAX).default([]),
  /** Ordered; the first is the main photo. */
  photos: z.array(photoInputSchema).max(PHOTOS_MAX, { error: ITEM_MSG.photosTooMany }).default([]),
};

/** POST /items. */
export const itemInputSchema = z.object(itemFields);
export type ItemInput = z.input<typeof itemInputSchema>;
export type ItemInputParsed = z.output<typeof itemInputSchema>;

/**
 * PUT /items: the item with its id, and flags to leave photos, parameters or additional
 * descriptions as stored (docs/rules/catalogue-and-orders-rules.md §4, "Item saving").
 */
export const itemUpdateSchema = z.object({
  ...itemFields,
  /** Absent: the stock stays as it is (a form that did not touch it never overwrites a scan). */
  countWare: countSchema.optional(),
  id: idSchema,
  photosUnchanged: z.boolean().default(false),
  paramsUnchanged: z.boolean().default(false),
  descsUnchanged: z.boolean().default(false),
});
export type ItemUpdate = z.input<typeof itemUpdateSchema>;

// ---- answers -----------------------------------------------------------------------------------

const refSchema = z.object({ id: z.number(), name: z.string() });
const statusRefSchema = refSchema.extend({ color: z.string() });
const treeRefSchema = refSchema.extend({ number: z.string(), fullNumber: z.string(), fullName: z.string() });

export const photoSchema = z.object({ type: z.enum(PHOTO_KINDS), name: z.string() });
export type Photo = z.infer<typeof photoSchema>;

export const externalDataSchema = z.object({
  code: z.string(),
  url: z.string(),
  price: z.number(),
  customMargin: z.number().nullable(),
});

/** A row of the item list: everything §2.1 shows, and no large text. */
export const itemRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  gtin: z.string(),
  name: z.string(),
  price: z.number(),
  vat: vatValueSchema,
  currency: z.string(),
  countWare: z.number(),
  countOffer: z.number().nullable(),
  itemStatus: statusRefSchema.nullable(),
  deliveryPriceList: refSchema.nullable(),
  deliveryTime: refSchema.nullable(),
  itemGroup: refSchema.nullable(),
  category: treeRefSchema.nullable(),
  place: treeRefSchema.nullable(),
  externalData: externalDataSchema.nullable(),
  itemSummary: z.object({ mainPhoto: photoSchema.nullable(), countPhotos: z.number(), countParams: z.number() }),
  lastChanged: z.string(),
  lastChangedPhotos: z.string().nullable(),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

/** A whole item (GET /items?id=, saves): the row plus description, photos, descriptions, parameters. */
export const itemSchema = itemRowSchema.extend({
  description: z.string(),
  photos: z.array(photoSchema),
  additionalDescs: z.array(z.object({ id: z.number(), name: z.string(), description: z.string() })),
  params: z.array(z.object({ paramId: z.number(), values: z.array(z.string()) })),
});
export type Item = z.infer<typeof itemSchema>;

// ---- search ------------------------------------------------------------------------------------

/** Group, category and place filters: none (-1) and any (-2) besides an id (docs/rules/catalogue-and-orders-rules.md §2.2). */
export const REF_FILTER_NONE = -1;
export const REF_FILTER_ANY = -2;
export const ITEM_SORTS = ['CODE', 'NAME', 'PRICE_A', 'PRICE_D', 'COUNT_A', 'COUNT_D'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
export const COUNT_TYPES = ['COUNT_WARE', 'COUNT_OFFER'] as const;
export type CountType = (typeof COUNT_TYPES)[number];

/** '' and absent mean "no filter"; a query string sends everything as text. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const refFilter = z.preprocess(
  blankToUndefined,
  strictNumber(
    z
      .number({ error: 'Niepoprawny filtr.' })
      .int({ error: 'Niepoprawny filtr.' })
      .refine((n) => n === REF_FILTER_NONE || n === REF_FILTER_ANY || (n > 0 && n <= 2_147_483_647), {
        error: 'Niepoprawny filtr.',
      }),
  ).optional(),
);
const moneyFilter = z.preprocess(blankToUndefined, moneySchema.optional());
const countFilter = z.preprocess(blankToUndefined, countSchema.optional());

export const itemSearchSchema = pagingSchema.extend({
  code: z.preprocess(blankToUndefined, z.string().trim().max(READER_ITEM_CODE_MAX).toUpperCase().optional()),
  name: text(ITEM_NAME_MAX),
  gtin: text(GTIN_MAX),
  extCode: text(ITEM_EXT_CODE_MAX),
  priceFrom: moneyFilter,
  priceTo: moneyFilter,
  countFrom: countFilter,
  countTo: countFilter,
  countType: z.preprocess(blankToUndefined, z.enum(COUNT_TYPES).default('COUNT_WARE')),
  countPhotosFrom: countFilter,
  countPhotosTo: countFilter,
  statusId: z.preprocess(blankToUndefined, idSchema.optional()),
  groupId: refFilter,
  catId: refFilter,
  placeId: refFilter,
  sort: z.preprocess(blankToUndefined, z.enum(ITEM_SORTS).default('CODE')),
});
export type ItemSearch = z.output<typeof itemSearchSchema>;
export type ItemSearchInput = z.input<typeof itemSearchSchema>;

/**
 * GET /items: one of the exact lookups (docs/rules/catalogue-and-orders-rules.md §7.2), or the search. `scanbarcode`
 * finds an item by its code or its GTIN (what a reader sends).
 */
export const itemLookupSchema = z.union([
  z.object({ id: idSchema }),
  z.object({ fullcode: z.string().trim().min(1).max(200) }),
  z.object({ fullgtin: z.string().trim().min(1).max(GTIN_MAX) }),
  z.object({ scanbarcode: z.string().trim().min(1).max(200) }),
]);

/** GET /items as the API reference documents its query: one of the lookups, or the search. */
export const itemsQueryDocSchema = z.union([...itemLookupSchema.options, itemSearchSchema]);

export const itemsAnswerSchema = pagedAnswerSchema('items', itemRowSchema);
export type ItemsAnswer = z.infer<typeof itemsAnswerSchema>;
export const itemLookupAnswerSchema = pagedAnswerSchema('items', itemSchema);

// ---- copy, generate, mass ----------------------------------------------------------------------

export const itemCopySchema = z.object({ id: idSchema, newCode: itemCodeSchema });

/** GET /items/free_code?code=: the code the copy dialog proposes for a copy of an item with `code`. */
export const itemFreeCodeQuerySchema = z.object({ code: itemCodeSchema });
/** The first free code CODE-1, CODE-2, … (docs/decisions.md, Forms). */
export const itemFreeCodeAnswerSchema = z.object({ code: z.string() });

const symbol = z
  .string()
  .trim()
  .max(READER_ITEM_CODE_MAX)
  .transform((s) => s.toUpperCase());
const GEN_MSG = { error: ITEM_MSG.generateNumberInvalid };
const generateNumber = strictNumber(z.number(GEN_MSG).int(GEN_MSG).min(0, GEN_MSG).max(999_999_999, GEN_MSG));
/** POST /items/generate_many: how many items were made. */
export const itemGenerateAnswerSchema = z.object({ generated: z.number().int().min(0) });

export const itemGenerateSchema = z
  .object({
    beforeSymbol: symbol.refine((s) => s !== '', { error: 'Podaj symbol początkowy.' }),
    afterSymbol: symbol.default(''),
    start: generateNumber,
    stop: generateNumber,
    itemStatusId: idSchema,
    countWare: z.preprocess(blankToUndefined, countSchema.default(0)),
  })
  .superRefine((g, ctx) => {
    if (g.stop < g.start) ctx.addIssue({ code: 'custom', message: ITEM_MSG.generateRange, path: ['stop'] });
    else if (g.stop - g.start + 1 > GENERATE_MAX)
      ctx.addIssue({ code: 'custom', message: ITEM_MSG.generateTooMany, path: ['stop'] });
  });
export type ItemGenerate = z.input<typeof itemGenerateSchema>;

/** The codes a generation makes, in order: `{before}{n}{after}` for n from start to stop. */
export function generatedCodes(g: {
  beforeSymbol: string;
  afterSymbol: string;
  start: number;
  stop: number;
}): string[] {
  const codes: string[] = [];
  for (let n = g.start; n <= g.stop; n++) codes.push(`${g.beforeSymbol}${n}${g.afterSymbol}`.toUpperCase());
  return codes;
}

const idsSchema = z
  .array(idSchema)
  .min(1, { error: ITEM_MSG.idsRequired })
  .max(MASS_BATCH_MAX, { error: ITEM_MSG.massTooMany });

export const massDeleteSchema = z.object({ ids: idsSchema });

export const PRICE_EDIT_TYPES = ['SET', 'INC', 'DEC', 'PLUSPERCENT', 'MINUSPERCENT'] as const;
export const COUNT_WARE_EDIT_TYPES = ['SET', 'INC', 'DEC'] as const;
export const COUNT_OFFER_EDIT_TYPES = ['SET', 'INC', 'DEC', 'DEL'] as const;
export const GTIN_TYPES = ['SET', 'RANDOM', 'DELETE'] as const;
export const GTIN_MODES = ['OVERRIDE', 'SKIP'] as const;
export const DESC_EDIT_TYPES = ['OVERRIDE', 'APPEND'] as const;
export const PARAMS_EDIT_TYPES = ['OVERRIDE', 'APPEND_OVERRIDE', 'APPEND_IGNORE'] as const;

/**
 * POST /items/mass_edit data (docs/rules/catalogue-and-orders-rules.md §3 Item mass edit payload): only the groups
 * the user ticked are present. Percent values are percents (10 = 10%).
 */
export const massEditDataSchema = z
  .object({
    price: z
      .object({ type: z.enum(PRICE_EDIT_TYPES), value: z.union([z.number(), z.string()]) })
      .transform((p, ctx) => {
        const parsed = (p.type.endsWith('PERCENT') ? marginSchema : moneySchema).safeParse(p.value);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '', path: ['value'] });
          return z.NEVER;
        }
        return { type: p.type, value: parsed.data };
      })
      .optional(),
    vat: vatSchema.optional(),
    gtinType: z.enum(GTIN_TYPES).optional(),
    gtinMode: z.enum(GTIN_MODES).optional(),
    /** SET: the GTIN; RANDOM: an optional prefix of the random codes (digits). */
    gtin: z.string().trim().max(GTIN_MAX).optional(),
    /** Also write the GTIN as the value of this parameter (global, not a dictionary). */
    gtinAsParam: idSchema.optional(),
    countWare: z.object({ type: z.enum(COUNT_WARE_EDIT_TYPES), value: countSchema }).optional(),
    countOffer: z.object({ type: z.enum(COUNT_OFFER_EDIT_TYPES), value: countSchema.optional().default(0) }).optional(),
    itemStatusId: idSchema.optional(),
    deliveryPriceListId: idSchema.nullable().optional(),
    deliveryTimeId: idSchema.nullable().optional(),
    itemGroupId: idSchema.nullable().optional(),
    categoryId: idSchema.nullable().optional(),
    placeId: idSchema.nullable().optional(),
    descEditType: z.enum(DESC_EDIT_TYPES).optional(),
    additionalDescs: z.array(idSchema).max(ITEM_DESCS_MAX).optional(),
    paramsEditType: z.enum(PARAMS_EDIT_TYPES).optional(),
    params: z.array(paramValueInputSchema).max(ITEM_PARAMS_MAX).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.gtinType === 'SET' && (!d.gtin || !isValidGtin(d.gtin)))
      ctx.addIssue({ code: 'custom', message: ITEM_MSG.gtinInvalid, path: ['gtin'] });
    if (d.gtinType === 'RANDOM' && d.gtin && !/^\d{0,12}$/.test(d.gtin))
      ctx.addIssue({ code: 'custom', message: 'Początek losowego kodu EAN-13 to najwyżej 12 cyfr.', path: ['gtin'] });
    if (d.gtinType && d.gtinType !== 'DELETE' && !d.gtinMode)
      ctx.addIssue({ code: 'custom', message: 'Wybierz tryb zmiany GTIN.', path: ['gtinMode'] });
    if (d.descEditType && !d.additionalDescs)
      ctx.addIssue({ code: 'custom', message: 'Wybierz opisy dodatkowe.', path: ['additionalDescs'] });
    if (d.paramsEditType && !d.params)
      ctx.addIssue({ code: 'custom', message: 'Wybierz parametry.', path: ['params'] });
  });
export type MassEditData = z.input<typeof massEditDataSchema>;
export type MassEditDataParsed = z.output<typeof massEditDataSchema>;

export const massEditSchema = z.object({
  ids: idsSchema,
  data: massEditDataSchema,
  /** A retried batch with the same key is answered from the first run, not applied twice. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});

/** Mass results (docs/rules/catalogue-and-orders-rules.md §3): ok by code, errors by code and reason, missing ids. */
export const massResultSchema = z.object({
  ok: z.array(z.string()),
  err: z.array(z.object({ code: z.string(), reason: z.string() })),
  notFound: z.array(z.number()),
});
export type MassResult = z.infer<typeof massResultSchema>;

export const itemsSummarySchema = z.object({
  itemsCount: z.number(),
  countWareAll: z.number(),
  photosCount: z.number(),
  photosDirSize: z.number(),
  /** Bytes of every stored file of the organisation, unclaimed uploads included. */
  userDirSize: z.number(),
  /** The organisation's storage quota in bytes (ORG_STORAGE_QUOTA_MB), null when unlimited. */
  storageQuotaBytes: z.number().nullable(),
});
export type ItemsSummary = z.infer<typeof itemsSummarySchema>;

export const uploadImageAnswerSchema = z.object({ name: z.string() });
