import { JOB_DEFAULTS } from '../../platform/jobs';
import type { ServerModule } from '../../platform/module';
import { purgeItemIndexLog } from './item-index/item-index.purge';
import type { UsageCheckDef } from '../../platform/usage';
import { itemsRepository } from './items.repository';
import { itemsRoutes } from './items.routes';
import { ITEMS_MSG } from './messages.pl';

const REFERENCES = [
  ['item_statuses', 'item_status_id'],
  ['delivery_price_lists', 'delivery_price_list_id'],
  ['delivery_times', 'delivery_time_id'],
  ['item_groups', 'item_group_id'],
  ['categories', 'category_id'],
  ['places', 'place_id'],
] as const;

/** What items keep in use: a status, group, category, place... with items cannot be deleted. */
const usageChecks: UsageCheckDef[] = [
  ...REFERENCES.map(([target, column]): UsageCheckDef => ({
    target,
    check: async (tdb, id) =>
      (await itemsRepository.anyWith(tdb, column, id)) ? ITEMS_MSG.usedByItems[target] : undefined,
  })),
  {
    target: 'additional_descs',
    check: async (tdb, id) =>
      (await itemsRepository.anyDesc(tdb, id)) ? ITEMS_MSG.usedByItems.additional_descs : undefined,
  },
  {
    target: 'parameters',
    check: async (tdb, id) =>
      (await itemsRepository.anyParamValue(tdb, id)) ? ITEMS_MSG.usedByItems.parameters : undefined,
  },
];

/** The goods catalogue: items, their search, copy, generation and mass changes. */
export const itemsModule: ServerModule = {
  name: 'items',
  title: 'Towary',
  routes: itemsRoutes,
  usageChecks,
  // The item filter index's change log older than an hour (docs/operations.md).
  coreSchedules: (deps) => [
    {
      key: 'core.item-index-log-purge',
      everyMinutes: JOB_DEFAULTS.maintenanceEveryMinutes,
      run: () => purgeItemIndexLog(deps),
    },
  ],
};
export { createItem, getItem, prewarmItemIndexes, updateItem, type ItemWriteContext } from './items.service';
export { createItems, updateItems, type BareItemInput, type ItemFieldChanges, type StoredItem } from './items.batch';
export { ITEMS_MSG };
export { purgeItemIndexLog } from './item-index/item-index.purge';
export { itemsRepository } from './items.repository';
export {
  findItemByCode,
  findItemByScan,
  ITEM_REFERENCE_KINDS,
  setItemReference,
  type ItemBrief,
  type ItemReferenceKind,
} from './items.attributes';
