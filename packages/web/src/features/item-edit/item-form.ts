import {
  formatHundredths,
  type Item,
  type ItemInput,
  type ItemUpdate,
  type ParamValueInput,
  type PhotoInput,
  type VatValue,
} from '@zaplecze/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NUMBER_RULES, numberProblem, readNumber } from '@web/ui/number-text';
import { dotDecimal } from './margin';
import { itemEditText } from './texts';

/**
 * The item edit form (docs/rules/catalogue-and-orders-rules.md §2.3, §4): every input as text, references as the
 * select's value ('' = none), and the conversions between the form and the API body.
 */
export interface ItemFormValues {
  code: string;
  gtin: string;
  name: string;
  description: string;
  price: string;
  vat: string;
  currency: string;
  countWare: string;
  /** 'Inna ilość niż w magazynie': ticking sets the offer quantity to 0, unticking to null. */
  countOfferOn: boolean;
  countOffer: string | null;
  itemStatusId: string;
  deliveryPriceListId: string;
  deliveryTimeId: string;
  itemGroupId: string;
  categoryId: string;
  placeId: string;
  extOn: boolean;
  extCode: string;
  extUrl: string;
  extPrice: string;
  /** Custom margin: ticking sets 0, unticking null. */
  marginOn: boolean;
  margin: string | null;
}

/** The presets of a new item: the default VAT, currency and item status options ('' when unset). */
export interface ItemDefaults {
  vat: string;
  currency: string;
  itemStatusId: string;
}

const ref = (id: number | null | undefined) => (id ? String(id) : '');
const money = (n: number) => formatHundredths(Math.round(n * 100));
/** A percent (VAT, margin) as typed: 23, 5.5 (no trailing zeros); a VAT code as it is ('zw'). */
const pct = (n: VatValue) => String(n);

export function itemFormDefaults(item: Item | undefined, defaults: ItemDefaults): ItemFormValues {
  const ext = item?.externalData ?? null;
  return {
    code: item?.code ?? '',
    gtin: item?.gtin ?? '',
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item ? money(item.price) : '',
    vat: item ? pct(item.vat) : defaults.vat,
    currency: item?.currency ?? defaults.currency,
    countWare: item ? String(item.countWare) : '0',
    countOfferOn: item?.countOffer !== null && item?.countOffer !== undefined,
    countOffer: item?.countOffer !== null && item?.countOffer !== undefined ? String(item.countOffer) : null,
    itemStatusId: item ? ref(item.itemStatus?.id) : defaults.itemStatusId,
    deliveryPriceListId: ref(item?.deliveryPriceList?.id),
    deliveryTimeId: ref(item?.deliveryTime?.id),
    itemGroupId: ref(item?.itemGroup?.id),
    categoryId: ref(item?.category?.id),
    placeId: ref(item?.place?.id),
    extOn: ext !== null,
    extCode: ext?.code ?? '',
    extUrl: ext?.url ?? '',
    extPrice: ext ? money(ext.price) : '0.00',
    marginOn: ext?.customMargin !== null && ext?.customMargin !== undefined,
    margin: ext?.customMargin !== null && ext?.customMargin !== undefined ? pct(ext.customMargin) : null,
  };
}

// Shared with the order edit form (ui/option-lists.ts).
export { sameRate, withCurrent } from '@web/ui/option-lists';

const isMoney = (s: string | null) => numberProblem(s, NUMBER_RULES.money) === undefined;
const isCount = (s: string | null) => numberProblem(s, NUMBER_RULES.count) === undefined;

/** The form's own rules (the contract checks the rest before sending: code format, GTIN digit). */
export function itemFormSchema() {
  const t = itemEditText();
  const required = (s: string) => s.trim() !== '';
  return z
    .object({
      code: z.string().refine(required, { error: t.required }),
      gtin: z.string(),
      name: z.string(),
      description: z.string(),
      price: z.string().refine(isMoney, { error: t.amountInvalid }),
      vat: z.string().refine(required, { error: t.required }),
      currency: z.string().refine(required, { error: t.required }),
      countWare: z.string().refine(isCount, { error: t.countInvalid }),
      countOfferOn: z.boolean(),
      countOffer: z.string().nullable(),
      itemStatusId: z.string().refine(required, { error: t.required }),
      deliveryPriceListId: z.string(),
      deliveryTimeId: z.string(),
      itemGroupId: z.string(),
      categoryId: z.string(),
      placeId: z.string(),
      extOn: z.boolean(),
      extCode: z.string(),
      extUrl: z.string(),
      extPrice: z.string(),
      marginOn: z.boolean(),
      margin: z.string().nullable(),
    })
    .superRefine((v, ctx) => {
      if (v.countOfferOn && !isCount(v.countOffer))
        ctx.addIssue({ code: 'custom', message: t.countInvalid, path: ['countOffer'] });
      if (v.extOn && v.extPrice.trim() !== '' && !isMoney(v.extPrice))
        ctx.addIssue({ code: 'custom', message: t.amountInvalid, path: ['extPrice'] });
      const marginProblem = v.extOn && v.marginOn ? numberProblem(v.margin, NUMBER_RULES.percent) : undefined;
      if (marginProblem) ctx.addIssue({ code: 'custom', message: marginProblem, path: ['margin'] });
    });
}

export const itemFormResolver = () => zodResolver(itemFormSchema());

/** A photo row: saved (a file name or an URL) or a new file still to upload. */
export interface PhotoEntry {
  key: string;
  type: 'file' | 'url';
  /** The stored file name or the URL; '' for a new file until it is uploaded. */
  name: string;
  /** A new file chosen on this page. */
  file?: File;
}

/** A parameter row being edited; `values` as typed (empty ones are dropped on save). */
export interface ParamEntry {
  paramId: number;
  values: string[];
}

/** An additional description row: id null until one is chosen. */
export interface DescEntry {
  key: string;
  id: number | null;
}

/** Parameters as saved: empty values dropped, entries with no value left out (§4). */
export function cleanParams(params: readonly ParamEntry[]): ParamValueInput[] {
  return params
    .map((p) => ({ paramId: p.paramId, values: p.values.map((v) => v.trim()).filter((v) => v !== '') }))
    .filter((p) => p.values.length > 0);
}

/** Descriptions as saved: rows without a chosen description are dropped. */
export function cleanDescIds(descs: readonly DescEntry[]): number[] {
  return descs.flatMap((d) => (d.id === null ? [] : [d.id]));
}

const refOrNull = (s: string) => (s === '' ? null : Number(s));

export interface BodyParts {
  /** Uploaded or stored photos, in order (new files already replaced by their names). */
  photos: PhotoInput[];
  params: readonly ParamEntry[];
  descs: readonly DescEntry[];
}

/** What the user touched of a stored item (its untouched parts are sent as "unchanged"). */
export interface Touched {
  countWare: boolean;
  photos: boolean;
  params: boolean;
  descs: boolean;
}

/** The body of POST /items (no id) or PUT /items (with id). */
export function itemBody(v: ItemFormValues, parts: BodyParts, id?: number, touched?: Touched): ItemInput | ItemUpdate {
  const base: ItemInput = {
    code: v.code.trim().toUpperCase(),
    gtin: v.gtin.trim(),
    name: v.name,
    description: v.description,
    price: dotDecimal(v.price),
    vat: dotDecimal(v.vat),
    currency: v.currency,
    countWare: readNumber(v.countWare) ?? 0,
    countOffer: v.countOfferOn && v.countOffer !== null ? (readNumber(v.countOffer) ?? 0) : null,
    itemStatusId: Number(v.itemStatusId),
    deliveryPriceListId: refOrNull(v.deliveryPriceListId),
    deliveryTimeId: refOrNull(v.deliveryTimeId),
    itemGroupId: refOrNull(v.itemGroupId),
    categoryId: refOrNull(v.categoryId),
    placeId: refOrNull(v.placeId),
    externalData: v.extOn
      ? {
          code: v.extCode.trim(),
          url: v.extUrl.trim(),
          price: v.extPrice.trim() === '' ? '0' : dotDecimal(v.extPrice),
          customMargin: v.marginOn && v.margin !== null ? dotDecimal(v.margin) : null,
        }
      : null,
    additionalDescIds: cleanDescIds(parts.descs),
    params: cleanParams(parts.params),
    photos: parts.photos,
  };
  if (id === undefined) return base;
  const { countWare, ...rest } = base;
  return {
    ...rest,
    id,
    // Only an edited stock is sent: a scan made meanwhile is never overwritten (§4).
    ...(touched?.countWare ? { countWare } : {}),
    photosUnchanged: !touched?.photos,
    paramsUnchanged: !touched?.params,
    descsUnchanged: !touched?.descs,
  };
}

/** Body fields a 400 may name, mapped to the form field that shows the message. */
export function formFieldOf(field: string | undefined): keyof ItemFormValues | undefined {
  if (!field) return undefined;
  const map: Record<string, keyof ItemFormValues> = {
    'externalData.code': 'extCode',
    'externalData.url': 'extUrl',
    'externalData.price': 'extPrice',
    'externalData.customMargin': 'margin',
  };
  if (field in map) return map[field];
  const known: (keyof ItemFormValues)[] = [
    'code',
    'gtin',
    'name',
    'description',
    'price',
    'vat',
    'currency',
    'countWare',
    'countOffer',
    'itemStatusId',
    'deliveryPriceListId',
    'deliveryTimeId',
    'itemGroupId',
    'categoryId',
    'placeId',
  ];
  return known.find((k) => k === field);
}
