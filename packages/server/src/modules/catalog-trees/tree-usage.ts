import type { UsageCheck } from '../reference-lists/list-definition';
import { parametersRepository } from '../parameters/parameters.repository';
import { TREE_USAGE_MSG } from './messages.pl';

/**
 * What still uses a node, checked before it is deleted (children are checked by the service).
 * EXTENSION POINT: the items issue adds "used by items" here, one entry per tree
 * (items.category_id, items.place_id), each answering its Polish 409 message.
 */
export const CATEGORY_USAGE_CHECKS: readonly UsageCheck[] = [
  async (tdb, id) =>
    (await parametersRepository.anyInCategory(tdb, id)) ? TREE_USAGE_MSG.categoryHasParameters : undefined,
];

export const PLACE_USAGE_CHECKS: readonly UsageCheck[] = [];
