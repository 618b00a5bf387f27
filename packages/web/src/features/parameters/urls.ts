import { MAIN_PARAMETERS_CAT_ID, parametersQuerySchema } from '@zaplecze/contract';
import type { z } from 'zod';
import { readUrlState, useUrlState, writeUrlState } from '@web/ui/url-state';

/** Typed URL builders and URL state of the parameter screens (docs/ARCHITECTURE.md, url-state/; docs/rules/catalogue-and-orders-rules.md §2.9). */

/**
 * The list's criteria in the query string: the contract's GET /parameters filters ('0', 'false'
 * and '' count as false for isCatStrict), read field by field by ui/url-state.
 */
export const parameterCriteriaSchema = parametersQuerySchema.pick({ catId: true, isCatStrict: true }).extend({
  // catId: undefined = every parameter; -1 = main (global) parameters; else a category id.
  // isCatStrict: only the parameters of exactly this category (not its ancestors' nor the main ones).
  isCatStrict: parametersQuerySchema.shape.isCatStrict.default(false),
});

/** The list's search criteria, mirrored in the query string as catId and isCatStrict. */
export type ParameterCriteria = z.output<typeof parameterCriteriaSchema>;

export const noCriteria: ParameterCriteria = { catId: undefined, isCatStrict: false };

/** Strictness only means something for a real category: with none or main parameters it is cleared (§5). */
export function normalizeCriteria(c: ParameterCriteria): ParameterCriteria {
  const catId = c.catId !== undefined && isCategoryFilter(c.catId) ? c.catId : undefined;
  return { catId, isCatStrict: catId !== undefined && catId > 0 && c.isCatStrict };
}

function isCategoryFilter(n: number): boolean {
  return Number.isInteger(n) && (n === MAIN_PARAMETERS_CAT_ID || n > 0);
}

/** Reads the criteria from the list's query string; anything malformed is dropped. */
export function readCriteria(params: URLSearchParams): ParameterCriteria {
  return readUrlState(parameterCriteriaSchema, params, normalizeCriteria);
}

/** The query string of the criteria (without '?'): only what filters; empty when nothing does. */
export function criteriaQuery(c: ParameterCriteria): string {
  return writeUrlState(parameterCriteriaSchema, c, normalizeCriteria).toString();
}

/** The list's criteria as URL state (no saved last search: the list opens unfiltered). */
export function useParameterCriteria() {
  return useUrlState(parameterCriteriaSchema, { normalize: normalizeCriteria });
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
