import { z } from 'zod';

/**
 * The moto plugin's inputs (zod, Polish messages), shared by its server routes and its web part.
 */

export const MOTO_TYPES = ['Sport', 'Naked', 'Turystyczny', 'Enduro', 'Cross', 'Skuter', 'Chopper', 'Quad'] as const;
export type MotoType = (typeof MOTO_TYPES)[number];

export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

const idOf = (what: string) =>
  z.coerce
    .number({ error: `Niepoprawny identyfikator ${what}.` })
    .int({ error: `Niepoprawny identyfikator ${what}.` })
    .positive({ error: `Niepoprawny identyfikator ${what}.` })
    .max(2 ** 31 - 1, { error: `Niepoprawny identyfikator ${what}.` });
const year = z.coerce
  .number({ error: `Rok musi być liczbą od ${YEAR_MIN} do ${YEAR_MAX}.` })
  .int({ error: `Rok musi być liczbą od ${YEAR_MIN} do ${YEAR_MAX}.` })
  .min(YEAR_MIN, { error: `Rok musi być liczbą od ${YEAR_MIN} do ${YEAR_MAX}.` })
  .max(YEAR_MAX, { error: `Rok musi być liczbą od ${YEAR_MIN} do ${YEAR_MAX}.` });
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const idQuery = z.object({ id: idOf('') });
export const makeIdQuery = z.object({ makeId: z.preprocess(blank, idOf('marki').optional()) });
export const itemIdQuery = z.object({ itemId: idOf('towaru') });

export const makeInput = z.object({
  name: z
    .string({ error: 'Podaj nazwę marki.' })
    .trim()
    .min(1, { error: 'Podaj nazwę marki.' })
    .max(100, { error: 'Nazwa marki może mieć najwyżej 100 znaków.' }),
});
export const makeUpdate = makeInput.extend({ id: idOf('marki') });

export const modelInput = z
  .object({
    makeId: idOf('marki'),
    name: z
      .string({ error: 'Podaj nazwę modelu.' })
      .trim()
      .min(1, { error: 'Podaj nazwę modelu.' })
      .max(100, { error: 'Nazwa modelu może mieć najwyżej 100 znaków.' }),
    capacity: z.coerce
      .number({ error: 'Pojemność podaj w cm³ (0-10000).' })
      .int({ error: 'Pojemność podaj w cm³ (0-10000).' })
      .min(0, { error: 'Pojemność podaj w cm³ (0-10000).' })
      .max(10_000, { error: 'Pojemność podaj w cm³ (0-10000).' }),
    yearFrom: year,
    yearTo: z.preprocess(blank, year.nullable().default(null)),
    type: z.enum(MOTO_TYPES, { error: `Typ musi być jednym z: ${MOTO_TYPES.join(', ')}.` }),
  })
  .refine((m) => m.yearTo === null || m.yearTo >= m.yearFrom, {
    error: 'Rok „do” nie może być wcześniejszy niż rok „od”.',
    path: ['yearTo'],
  });
export const modelUpdate = z.intersection(modelInput, z.object({ id: idOf('modelu') }));
export type ModelInput = z.output<typeof modelInput>;

/** One fitment: the item fits the model in the years from-to (both inclusive). */
export const fitmentInput = z
  .object({ modelId: idOf('modelu'), yearFrom: year, yearTo: year })
  .refine((f) => f.yearTo >= f.yearFrom, { error: 'Rok „do” nie może być wcześniejszy niż rok „od”.' });
export type FitmentInput = z.output<typeof fitmentInput>;

/** At most this many fitments per item (and per mass change). */
export const FITMENTS_MAX = 500;
const fitmentList = z
  .array(fitmentInput, { error: 'Podaj listę dopasowań.' })
  .max(FITMENTS_MAX, { error: `Najwyżej ${FITMENTS_MAX} dopasowań.` });

export const fitmentsPut = z.object({ itemId: idOf('towaru'), fitments: fitmentList });

export const MASS_MODES = ['APPEND', 'OVERRIDE', 'REMOVE'] as const;
export const MASS_IDS_MAX = 10_000;
export const massFitment = z.object({
  ids: z
    .array(idOf('towaru'), { error: 'Podaj towary.' })
    .min(1, { error: 'Zaznacz co najmniej jeden towar.' })
    .max(MASS_IDS_MAX, { error: `Najwyżej ${MASS_IDS_MAX} towarów naraz.` }),
  fitments: fitmentList,
  mode: z.enum(MASS_MODES, { error: 'Tryb musi być jednym z: APPEND, OVERRIDE, REMOVE.' }),
});

/** The item search filter's parameters (GET /items). */
export const searchFilter = z
  .object({
    motoMakeId: z.preprocess(blank, idOf('marki').optional()),
    motoModelId: z.preprocess(blank, idOf('modelu').optional()),
    motoYear: z.preprocess(blank, year.optional()),
  })
  .refine((f) => f.motoYear === undefined || f.motoMakeId !== undefined || f.motoModelId !== undefined, {
    error: 'Rok motocykla wybierz razem z marką lub modelem.',
  });
export type SearchFilter = z.output<typeof searchFilter>;

/** The catalogue CSV import: the file's text. */
export const CSV_MAX_CHARS = 2_000_000;
export const csvImport = z.object({
  csv: z
    .string({ error: 'Wybierz plik CSV.' })
    .min(1, { error: 'Plik CSV jest pusty.' })
    .max(CSV_MAX_CHARS, { error: 'Plik CSV jest za duży (najwyżej 2 MB).' }),
});

// ---- answers (shared by the server, its tests and the web part) --------------------------------

// ---- answers -------------------------------------------------------------------------------------

/** A make of `GET /makes`, with the number of its models. */
export const makeSchema = z.object({ id: z.number(), name: z.string(), models: z.number() });
export type Make = z.infer<typeof makeSchema>;
export const makesAnswer = z.object({ makes: z.array(makeSchema) });

/** A model of `GET /models`, with its make's name. */
export const modelSchema = z.object({
  id: z.number(),
  makeId: z.number(),
  makeName: z.string(),
  name: z.string(),
  capacity: z.number(),
  yearFrom: z.number(),
  yearTo: z.number().nullable(),
  type: z.string(),
});
export type Model = z.infer<typeof modelSchema>;
export const modelsAnswer = z.object({ models: z.array(modelSchema) });

/** One fitment of an item (`GET /fitments`): the model, its make and the years. */
export const fitmentSchema = z.object({
  modelId: z.number(),
  makeId: z.number(),
  makeName: z.string(),
  modelName: z.string(),
  capacity: z.number(),
  yearFrom: z.number(),
  yearTo: z.number(),
});
export type Fitment = z.infer<typeof fitmentSchema>;
export const fitmentsAnswer = z.object({ fitments: z.array(fitmentSchema) });

/** The id of a make or model just added. */
export const createdAnswer = z.object({ id: z.number() });

/** `POST /mass_fitment`: items changed, fitment rows added and removed. */
export const massFitmentAnswer = z.object({ items: z.number(), added: z.number(), removed: z.number() });

/** `POST /catalogue_csv`: makes added, models added and updated. */
export const csvImportAnswer = z.object({ makes: z.number(), added: z.number(), updated: z.number() });
