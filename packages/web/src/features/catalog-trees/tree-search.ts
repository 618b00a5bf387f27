import type { TreeNode } from '@zaplecze/contract';

/** Criteria of the place search dialog (docs/rules/catalogue-and-orders-rules.md §2.5); empty fields do not filter. */
export interface PlaceSearchCriteria {
  name: string;
  number: string;
  /** A prefix of the full position, e.g. `A-1-2`. */
  position: string;
}

/** Criteria of the category search dialog. */
export interface CategorySearchCriteria {
  name: string;
  number: string;
}

export const emptyPlaceCriteria: PlaceSearchCriteria = { name: '', number: '', position: '' };
export const emptyCategoryCriteria: CategorySearchCriteria = { name: '', number: '' };

const fold = (text: string): string => text.trim().toLocaleLowerCase('pl');

/** A text test that lets everything through when the criterion is empty. */
function matcher(criterion: string, test: (value: string, wanted: string) => boolean) {
  const wanted = fold(criterion);
  if (wanted === '') return () => true;
  return (value: string) => test(value.toLocaleLowerCase('pl'), wanted);
}

const startsWith = (value: string, wanted: string) => value.startsWith(wanted);
const contains = (value: string, wanted: string) => value.includes(wanted);

/**
 * Places over the full list: number = case-insensitive prefix of the number, name =
 * case-insensitive part of the name, position = case-insensitive prefix of the full number.
 */
export function filterPlaces(nodes: readonly TreeNode[], c: PlaceSearchCriteria): TreeNode[] {
  const name = matcher(c.name, contains);
  const number = matcher(c.number, startsWith);
  const position = matcher(c.position, startsWith);
  return nodes.filter((n) => name(n.name) && number(n.number) && position(n.fullNumber));
}

/** Categories over the full list: name contains, number starts with (both case-insensitive). */
export function filterCategories(nodes: readonly TreeNode[], c: CategorySearchCriteria): TreeNode[] {
  const name = matcher(c.name, contains);
  const number = matcher(c.number, startsWith);
  return nodes.filter((n) => name(n.name) && number(n.number));
}
