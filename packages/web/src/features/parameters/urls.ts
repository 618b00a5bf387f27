import { MAIN_PARAMETERS_CAT_ID } from '@zaplecze/contract';

/** Typed URL builders and URL state of the parameter screens (STYLE.md §9, goods-and-orders.md §2.9). */

/** The list's search criteria, mirrored in the query string as catId and isCatStrict. */
export interface ParameterCriteria {
  /** undefined = every parameter; -1 = main (global) parameters; else a category id. */
  catId: number | undefined;
  /** Only the parameters of exactly this category (not its ancestors' nor the main ones). */
  isCatStrict: boolean;
}

export const noCriteria: ParameterCriteria = { catId: undefined, isCatStrict: false };

/** Strictness only means something for a real category: with none or main parameters it is cleared (§5). */
export function normalizeCriteria(c: ParameterCriteria): ParameterCriteria {
  const catId = c.catId !== undefined && isCategoryFilter(c.catId) ? c.catId : undefined;
  return { catId, isCatStrict: catId !== undefined && catId > 0 && c.isCatStrict };
}

function isCategoryFilter(n: number): boolean {
  return Number.isInteger(n) && (n === MAIN_PARAMETERS_CAT_ID || n > 0);
}

/** '0', 'false' (any case) and '' count as false; an absent value too. */
export function readFlag(value: string | null): boolean {
  if (value === null) return false;
  const v = value.trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/** Reads the criteria from the list's query string; anything malformed is dropped. */
export function readCriteria(params: URLSearchParams): ParameterCriteria {
  const raw = params.get('catId');
  const catId = raw === null || raw.trim() === '' ? undefined : Number(raw);
  return normalizeCriteria({
    catId: catId !== undefined && Number.isFinite(catId) ? catId : undefined,
    isCatStrict: readFlag(params.get('isCatStrict')),
  });
}

/** The query string of the criteria (without '?'); empty when nothing filters. */
export function criteriaQuery(c: ParameterCriteria): string {
  const n = normalizeCriteria(c);
  if (n.catId === undefined) return '';
  return new URLSearchParams({ catId: String(n.catId), isCatStrict: String(n.isCatStrict) }).toString();
}

/** /parameters, with the search criteria when given. */
export function parametersUrl(c: ParameterCriteria = noCriteria): string {
  const q = criteriaQuery(c);
  return q ? `/parameters?${q}` : '/parameters';
}

/** The edit page of a parameter; 0 opens the create form. */
export function parameterUrl(id: number): string {
  return `/parameters/${id}`;
}

export const newParameterUrl = parameterUrl(0);
