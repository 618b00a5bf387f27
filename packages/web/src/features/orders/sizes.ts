import {
  moneySchema,
  parcelSizeSchema,
  parseVat,
  vatSchema,
  weightSchema,
  type Order,
  type UserSize,
  type VatValue,
} from '@zaplecze/contract';
import { format } from '@web/i18n';
import { numberForApi, readNumber } from '@web/ui/number-text';
import { formatWeight } from './format';

/**
 * The size and weight dialog of the order list (docs/rules/catalogue-and-orders-rules.md §2.13, §5 Order edit): the
 * form's text values, their checks by the contract's own schemas and the fields they change in
 * the order. Pure, so it is unit-tested.
 */
export interface SizesForm {
  deliveryCost: string;
  deliveryVat: string;
  cashOnDelivery: boolean;
  sizeA: string;
  sizeB: string;
  sizeC: string;
  weight: string;
}

export function sizesFormFromOrder(o: Order): SizesForm {
  return {
    // Shown the Polish way, with a decimal comma (ui/number-text.ts reads either).
    deliveryCost: o.deliveryCost.toFixed(2).replace('.', ','),
    deliveryVat: String(o.deliveryVat),
    cashOnDelivery: o.cashOnDelivery,
    sizeA: String(o.sizeA),
    sizeB: String(o.sizeB),
    sizeC: String(o.sizeC),
    weight: formatWeight(o.weight).replace('.', ','),
  };
}

/** 'Wybierz': a saved user size's three sides go into the form. */
export function userSizeSides(
  s: Pick<UserSize, 'sizeA' | 'sizeB' | 'sizeC'>,
): Pick<SizesForm, 'sizeA' | 'sizeB' | 'sizeC'> {
  return { sizeA: String(s.sizeA), sizeB: String(s.sizeB), sizeC: String(s.sizeC) };
}

/** The configured VAT rates, plus the order's own when it is no longer configured (§5). */
export function vatChoices(configured: readonly string[], current: VatValue): string[] {
  const rates = configured.map((r) => String(parseVat(r) ?? r));
  const own = String(current);
  return rates.includes(own) ? rates : [own, ...rates];
}

export interface SizesLabels {
  deliveryCost: string;
  deliveryVat: string;
  sizeA: string;
  sizeB: string;
  sizeC: string;
  weight: string;
  /** 'Pole „{field}” jest wymagane.' */
  required: string;
}

/** Every field is required (§5); values are checked by the contract's schemas, messages prefixed by the field. */
export function sizesFormErrors(f: SizesForm, l: SizesLabels): string[] {
  const checks: [
    string,
    string,
    { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  ][] = [
    [l.deliveryCost, f.deliveryCost.trim(), moneySchema],
    [l.deliveryVat, f.deliveryVat.trim(), vatSchema],
    [l.sizeA, f.sizeA.trim(), parcelSizeSchema],
    [l.sizeB, f.sizeB.trim(), parcelSizeSchema],
    [l.sizeC, f.sizeC.trim(), parcelSizeSchema],
    [l.weight, f.weight.trim(), weightSchema],
  ];
  const out: string[] = [];
  for (const [label, value, schema] of checks) {
    if (value === '') {
      out.push(format(l.required, { field: label }));
      continue;
    }
    const r = schema.safeParse(value);
    if (!r.success) out.push(`${label}: ${r.error?.issues[0]?.message ?? ''}`);
  }
  return out;
}

/** The PUT body's fields the dialog changes (commas become dots; the contract parses the rest). */
export function sizesPatch(f: SizesForm) {
  const dot = numberForApi;
  // Sides are whole millimetres, checked by sizesFormErrors first ('12,5' is refused, not read as 125).
  const mm = (s: string) => readNumber(s) ?? Number.NaN;
  return {
    deliveryCost: dot(f.deliveryCost),
    deliveryVat: dot(f.deliveryVat),
    cashOnDelivery: f.cashOnDelivery,
    sizeA: mm(f.sizeA),
    sizeB: mm(f.sizeB),
    sizeC: mm(f.sizeC),
    weight: dot(f.weight),
  };
}
