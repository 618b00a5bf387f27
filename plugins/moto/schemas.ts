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

/** A make of `GET /makes`, with the number of its models. */
export interface Make {
  id: number;
  name: string;
  models: number;
}

/** A model of `GET /models`, with its make's name. */
export interface Model {
  id: number;
  makeId: number;
  makeName: string;
  name: string;
  capacity: number;
  yearFrom: number;
  yearTo: number | null;
  type: string;
}

/** One fitment of an item (`GET /fitments`): the model, its make and the years. */
export interface Fitment {
  modelId: number;
  makeId: number;
  makeName: string;
  modelName: string;
  capacity: number;
  yearFrom: number;
  yearTo: number;
}
