import { parameterInputSchema, type Parameter, type ParameterInput, type ParameterType } from '@zaplecze/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The parameter edit form (docs/rules/catalogue-and-orders-rules.md §2.9): the contract's input in form-friendly shapes. */
export interface ParameterFormValues {
  name: string;
  type: ParameterType;
  /** '' = no category (a main parameter). */
  categoryId: string;
  isMulti: boolean;
  /** Objects, as react-hook-form's field arrays want them. */
  dictionary: { value: string }[];
}

export function parameterFormDefaults(p?: Parameter): ParameterFormValues {
  return {
    name: p?.name ?? '',
    type: p?.type ?? 'STRING',
    categoryId: p?.categoryId == null ? '' : String(p.categoryId),
    isMulti: p?.isMulti ?? false,
    dictionary: (p?.dictionary ?? []).map((value) => ({ value })),
  };
}

/** The request body before validation; entries typed under another type are kept in the form only. */
export function toParameterInput(v: ParameterFormValues): ParameterInput {
  return {
    name: v.name,
    type: v.type,
    categoryId: v.categoryId === '' ? null : Number(v.categoryId),
    isMulti: v.isMulti,
    dictionary: v.type === 'DICT' ? v.dictionary.map((d) => d.value) : [],
  };
}

type Errors = FieldErrors<ParameterFormValues>;

/** Puts one contract issue where the form shows it: entries under their input, list rules above the list. */
function placeIssue(errors: Errors, path: readonly PropertyKey[], message: string): void {
  const error = { type: 'validate', message };
  const [head, index] = path;
  if (head === 'dictionary') {
    const list = (errors.dictionary ??= {}) as NonNullable<Errors['dictionary']> & Record<number, unknown>;
    if (typeof index === 'number') list[index] ??= { value: error };
    else list.root ??= error;
    return;
  }
  if (head === 'name' || head === 'type' || head === 'categoryId' || head === 'isMulti') errors[head] ??= error;
  else errors.root ??= error;
}

/** Validates with the contract's parameterInputSchema (the server's own rules, in the server's words). */
export const parameterFormResolver: Resolver<ParameterFormValues> = (values) => {
  const parsed = parameterInputSchema.safeParse(toParameterInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) placeIssue(errors, issue.path, issue.message);
  return { values: {}, errors };
};

/** The body to send: the contract's output (trimmed, dictionary only for DICT). */
export function parameterBody(v: ParameterFormValues) {
  return parameterInputSchema.parse(toParameterInput(v));
}
