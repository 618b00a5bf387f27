import { pageOffset, REF_FILTER_ANY, REF_FILTER_NONE, type ItemRow, type ItemSearch } from '@zaplecze/contract';
import type { TenantDb } from '../../../db/tenant';
import { readRowsOf } from '../items.page-plan';
import { referenceNames, type ReferenceNames } from '../items.repository';
import { NONE, type IndexQuery, type ItemIndex, type Range, type SortKey } from './item-index';
import { readyIndex, type IndexOptions } from './item-index.registry';
import { indexStats } from './item-index.stats';
import { pluginItemIds, type ItemSearchQ } from '../items.plugin-filters';

/**
 * The item search answered by the organisation's filter index (docs/decisions.md "The item filter
 * index"): the same filters and sorts as the database's search (items.filters.ts), on the index's
 * columns. Text filters (contains-search) stay in the database, which has their trigram indexes.
 */

const MAX_INT = 2 ** 31 - 1;

/** Whether the search has a text filter (then it runs in the database). */
function hasText(s: ItemSearch): boolean {
  return [s.code, s.name, s.gtin, s.extCode].some((t) => t !== undefined && t !== '');
}

const range = (from: number | undefined, to: number | undefined): Range | undefined =>
  from === undefined && to === undefined ? undefined : [from ?? -Infinity, to ?? Infinity];

function tree(value: number | undefined): IndexQuery['category'] {
  if (value === undefined) return undefined;
  if (value === REF_FILTER_NONE) return 'none';
  if (value === REF_FILTER_ANY) return 'any';
  return value;
}

/** The search as the index's query. */
export function indexQuery(s: ItemSearch): IndexQuery {
  const on = s.countType === 'COUNT_OFFER' ? 'offer' : 'ware';
  const sorts: Record<ItemSearch['sort'], [SortKey, boolean]> = {
    CODE: ['code', false],
    NAME: ['name', false],
    PRICE_A: ['price', false],
    PRICE_D: ['price', true],
    COUNT_A: [on, false],
    COUNT_D: [on, true],
  };
  const [sort, desc] = sorts[s.sort];
  const group = s.groupId;
  const count = range(s.countFrom, s.countTo);
  return {
    status: s.statusId === undefined ? undefined : [s.statusId, s.statusId],
    group:
      group === undefined
        ? undefined
        : group === REF_FILTER_NONE
          ? [NONE, NONE]
          : group === REF_FILTER_ANY
            ? [0, MAX_INT]
            : [group, group],
    category: tree(s.catId),
    place: tree(s.placeId),
    price: range(s.priceFrom, s.priceTo),
    count: count && { on, range: count },
    photos: range(s.countPhotosFrom, s.countPhotosTo),
    sort,
    desc,
    offset: pageOffset(s),
    limit: s.perPage,
  };
}

/**
 * The search's answer from the index: the page and the count, or the count alone while the sort's
 * order is being loaded again (the caller reads the page in the database), or undefined when the
 * index cannot answer (the search runs in the database).
 */
export async function searchWithIndex(
  tdb: TenantDb,
  s: ItemSearchQ,
  opts: IndexOptions,
): Promise<{ count: number; rows?: ItemRow[] } | undefined> {
  if (hasText(s)) return undefined;
  const index = await readyIndex(tdb, opts);
  if (!index) return undefined;
  const q = indexQuery(s);
  // Plugin filters: only the items their queries name (items.plugin-filters.ts).
  q.only = await pluginItemIds(s);
  const answer = index.query(q);
  if (!answer) {
    indexStats.countOnly++;
    return { count: index.count(q) };
  }
  const rows = await readRowsOf(tdb, answer.ids, await refNamesOf(tdb, index));
  indexStats.answered++;
  return { count: answer.count, rows };
}

/**
 * The reference names a page's rows show, kept by the index until the log names a change (the
 * index was brought up to date just before): the page is then read from `items` alone, without
 * six lookups a row. A read that a change overtook meanwhile serves this page but is not kept.
 */
async function refNamesOf(tdb: TenantDb, index: ItemIndex): Promise<ReferenceNames> {
  if (index.refNames) return index.refNames;
  const generation = index.refsGeneration;
  const refs = await referenceNames(tdb);
  if (generation === index.refsGeneration) index.refNames = refs;
  return refs;
}
