import { CATEGORY_MSG, PLACE_MSG } from './messages.pl';
import type { TreeDefinition } from './tree-definition';

/** Reading is for every signed-in user; changing needs the goods permission (main.admin passes). */
export const CATEGORIES: TreeDefinition = {
  kind: 'categories',
  path: '/categories',
  listKey: 'categories',
  editPermission: 'main.items.edit',
  messages: CATEGORY_MSG,
};

export const PLACES: TreeDefinition = {
  kind: 'places',
  path: '/places',
  listKey: 'places',
  editPermission: 'main.items.edit',
  messages: PLACE_MSG,
};
