import { CATEGORY_MSG, PLACE_MSG } from './messages.pl';
import type { TreeDefinition } from './tree-definition';
import { CATEGORY_USAGE_CHECKS, PLACE_USAGE_CHECKS } from './tree-usage';

/** Reading is for every signed-in user; changing needs the goods permission (main.admin passes). */
export const CATEGORIES: TreeDefinition = {
  kind: 'categories',
  path: '/categories',
  listKey: 'categories',
  editPermission: 'main.items.edit',
  messages: CATEGORY_MSG,
  usageChecks: CATEGORY_USAGE_CHECKS,
};

export const PLACES: TreeDefinition = {
  kind: 'places',
  path: '/places',
  listKey: 'places',
  editPermission: 'main.items.edit',
  messages: PLACE_MSG,
  usageChecks: PLACE_USAGE_CHECKS,
};
