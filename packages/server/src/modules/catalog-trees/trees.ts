import { REFERENCE_LISTS } from '@zaplecze/contract';
import { CATEGORY_MSG, PLACE_MSG } from './messages.pl';
import type { TreeDefinition } from './tree-definition';

/** Reading is for every signed-in user; changing needs the goods permission (main.admin passes). */
export const CATEGORIES: TreeDefinition = {
  ...REFERENCE_LISTS.categories,
  kind: 'categories',
  messages: CATEGORY_MSG,
};

export const PLACES: TreeDefinition = {
  ...REFERENCE_LISTS.places,
  kind: 'places',
  messages: PLACE_MSG,
};
