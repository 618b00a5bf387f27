import {
  type COUNT_OFFER_EDIT_TYPES,
  type COUNT_WARE_EDIT_TYPES,
  type DESC_EDIT_TYPES,
  type GTIN_MODES,
  type GTIN_TYPES,
  MASS_EDIT_BATCH,
  type PARAMS_EDIT_TYPES,
  type PRICE_EDIT_TYPES,
  type MassEditData,
  type MassResult,
} from '@zaplecze/contract';
import { z } from 'zod';
import { batches as splitBatches, mergeMassResults, runBatch } from '@web/ui/batches';
import type { ReportSection } from '@web/ui/report';
import { cleanParams, type ParamEntry } from './item-form';
import { NUMBER_RULES, numberProblem, readNumber } from '@web/ui/number-text';
import { dotDecimal } from './margin';

/** Where the item list leaves the selection for /items/mass-edit (docs/rules/catalogue-and-orders-rules.md §2.4). */
export const MASS_EDIT_SELECTION_KEY = 'items.massEdit.selection';

export interface MassSelection {
  ids: number[];
  codes: string[];
}

const selectionSchema = z.object({ ids: z.array(z.number().int().positive()), codes: z.array(z.string()) });

/** The selection from session storage; empty when missing or malformed. */
export function readSelection(storage: Pick<Storage, 'getItem'> = sessionStorage): MassSelection {
  try {
    const parsed = selectionSchema.safeParse(JSON.parse(storage.getItem(MASS_EDIT_SELECTION_KEY) ?? 'null'));
    return parsed.success ? parsed.data : { ids: [], codes: [] };
  } catch {
    return { ids: [], codes: [] };
  }
}

/** The mass edit form: a checkbox per group; only ticked groups reach the payload. */
export interface MassFormValues {
  priceOn: boolean;
  priceType: (typeof PRICE_EDIT_TYPES)[number];
  priceValue: string;
  vatOn: boolean;
  vat: string;
  gtinOn: boolean;
  gtinType: (typeof GTIN_TYPES)[number];
  gtinMode: (typeof GTIN_MODES)[number];
  gtin: string;
  /** '' = do not write the GTIN as a parameter. */
  gtinAsParam: string;
  countWareOn: boolean;
  countWareType: (typeof COUNT_WARE_EDIT_TYPES)[number];
  countWareValue: string;
  countOfferOn: boolean;
  countOfferType: (typeof COUNT_OFFER_EDIT_TYPES)[number];
  countOfferValue: string;
  statusOn: boolean;
  itemStatusId: string;
  priceListOn: boolean;
  deliveryPriceListId: string;
  deliveryTimeOn: boolean;
  deliveryTimeId: string;
  groupOn: boolean;
  itemGroupId: string;
  categoryOn: boolean;
  categoryId: string;
  placeOn: boolean;
  placeId: string;
  descsOn: boolean;
  descEditType: (typeof DESC_EDIT_TYPES)[number];
  /** Chosen additional descriptions (ids as text, checkbox values). */
  additionalDescs: string[];
  /** '' = no edit of parameters. */
  paramsEditType: '' | (typeof PARAMS_EDIT_TYPES)[number];
}

export const massFormDefaults: MassFormValues = {
  priceOn: false,
  priceType: 'SET',
  priceValue: '',
  vatOn: false,
  vat: '',
  gtinOn: false,
  gtinType: 'SET',
  gtinMode: 'OVERRIDE',
  gtin: '',
  gtinAsParam: '',
  countWareOn: false,
  countWareType: 'SET',
  countWareValue: '',
  countOfferOn: false,
  countOfferType: 'SET',
  countOfferValue: '',
  statusOn: false,
  itemStatusId: '',
  priceListOn: false,
  deliveryPriceListId: '',
  deliveryTimeOn: false,
  deliveryTimeId: '',
  groupOn: false,
  itemGroupId: '',
  categoryOn: false,
  categoryId: '',
  placeOn: false,
  placeId: '',
  descsOn: false,
  descEditType: 'OVERRIDE',
  additionalDescs: [],
  paramsEditType: '',
};

/** With GTIN DELETE, the mode and value mean nothing: both are disabled (§2.4). */
export const gtinModeDisabled = (v: Pick<MassFormValues, 'gtinType'>) => v.gtinType === 'DELETE';
export const gtinValueDisabled = gtinModeDisabled;
/** With RANDOM, the value is the optional start of the random EAN-13 code. */
export const gtinValueRequired = (v: Pick<MassFormValues, 'gtinType'>) => v.gtinType === 'SET';
/** countOffer DEL (offer follows the stock) takes no value. */
export const countOfferValueDisabled = (v: Pick<MassFormValues, 'countOfferType'>) => v.countOfferType === 'DEL';

export type MassErrorKey = 'required' | 'amount' | 'count' | 'gtinDigits' | 'nothing';
export type MassErrors = Partial<Record<keyof MassFormValues | 'form', MassErrorKey>>;

const isCount = (s: string) => numberProblem(s, NUMBER_RULES.count) === undefined;
const filled = (s: string) => s.trim() !== '';

/** The value fields of ticked groups are required (§2.4); nothing is checked in unticked groups. */
export function massFormErrors(v: MassFormValues): MassErrors {
  const e: MassErrors = {};
  if (v.priceOn && numberProblem(v.priceValue, NUMBER_RULES.money) !== undefined)
    e.priceValue = filled(v.priceValue) ? 'amount' : 'required';
  if (v.vatOn && !filled(v.vat)) e.vat = 'required';
  if (v.gtinOn && gtinValueRequired(v) && !filled(v.gtin)) e.gtin = 'required';
  if (v.gtinOn && v.gtinType === 'RANDOM' && !/^\d{0,12}$/.test(v.gtin.trim())) e.gtin = 'gtinDigits';
  if (v.countWareOn && !isCount(v.countWareValue)) e.countWareValue = filled(v.countWareValue) ? 'count' : 'required';
  if (v.countOfferOn && !countOfferValueDisabled(v) && !isCount(v.countOfferValue))
    e.countOfferValue = filled(v.countOfferValue) ? 'count' : 'required';
  if (v.statusOn && !filled(v.itemStatusId)) e.itemStatusId = 'required';
  // APPEND of nothing changes nothing; OVERRIDE with none clears the descriptions.
  if (v.descsOn && v.descEditType === 'APPEND' && v.additionalDescs.length === 0) e.additionalDescs = 'required';
  if (Object.keys(e).length === 0 && Object.keys(massPayload(v, [])).length === 0) e.form = 'nothing';
  return e;
}

const refOrNull = (s: string) => (s === '' ? null : Number(s));

/** The POST /items/mass_edit data: only the ticked groups, commas in price and VAT turned into dots. */
export function massPayload(v: MassFormValues, params: readonly ParamEntry[]): MassEditData {
  const d: MassEditData = {};
  if (v.priceOn) d.price = { type: v.priceType, value: dotDecimal(v.priceValue) };
  if (v.vatOn) d.vat = dotDecimal(v.vat);
  if (v.gtinOn) {
    d.gtinType = v.gtinType;
    if (!gtinModeDisabled(v)) {
      d.gtinMode = v.gtinMode;
      if (filled(v.gtin)) d.gtin = v.gtin.trim();
      if (v.gtinAsParam !== '') d.gtinAsParam = Number(v.gtinAsParam);
    }
  }
  if (v.countWareOn) d.countWare = { type: v.countWareType, value: readNumber(v.countWareValue) ?? 0 };
  if (v.countOfferOn)
    d.countOffer = countOfferValueDisabled(v)
      ? { type: v.countOfferType }
      : { type: v.countOfferType, value: readNumber(v.countOfferValue) ?? 0 };
  if (v.statusOn) d.itemStatusId = Number(v.itemStatusId);
  if (v.priceListOn) d.deliveryPriceListId = refOrNull(v.deliveryPriceListId);
  if (v.deliveryTimeOn) d.deliveryTimeId = refOrNull(v.deliveryTimeId);
  if (v.groupOn) d.itemGroupId = refOrNull(v.itemGroupId);
  if (v.categoryOn) d.categoryId = refOrNull(v.categoryId);
  if (v.placeOn) d.placeId = refOrNull(v.placeId);
  if (v.descsOn) {
    d.descEditType = v.descEditType;
    d.additionalDescs = v.additionalDescs.map(Number);
  }
  if (v.paramsEditType !== '') {
    d.paramsEditType = v.paramsEditType;
    d.params = cleanParams(params);
  }
  return d;
}

/** Ids in batches of MASS_EDIT_BATCH (100), in order. */
export function batches<T>(ids: readonly T[], size = MASS_EDIT_BATCH): T[][] {
  return splitBatches(ids, size);
}

/** Results of all batches in one. */
export function mergeResults(results: readonly MassResult[]): MassResult {
  return mergeMassResults(results);
}

/** The bulk report's sections: errors (code: reason), not found (ids), saved (codes). */
export function massReport(
  r: MassResult,
  titles: { errors: string; notFound: string; saved: string },
): ReportSection[] {
  return [
    { title: titles.errors, lines: r.err.map((e) => `${e.code}: ${e.reason}`) },
    { title: titles.notFound, lines: r.notFound.map(String) },
    { title: titles.saved, lines: r.ok },
  ];
}

export { runBatch };
