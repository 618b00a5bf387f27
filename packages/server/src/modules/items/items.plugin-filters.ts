import { itemLookupSchema, itemSearchSchema, type ItemSearch } from '@zaplecze/contract';
import type { AuthContext } from '../../platform/context';
import type { ItemIdsQuery } from '../../plugin-sdk';
import { installedItemFilters, itemFilterParams } from '../plugins';

/**
 * Plugins' item search filters (docs/plugins.md, Item search filters; docs/decisions.md, "Plugin
 * filters of the item search"): a plugin names query parameters and answers, for their values, a
 * query of the matching item ids. The core keeps only those items, with every core filter, sort,
 * page and the exact count: the item filter index intersects its candidates with the ids
 * (item-index.search.ts), the SQL path adds `id in (<the query>)` (items.filters.ts).
 */

/** One plugin filter in use: its identity for caches, and the query of its item ids. */
export interface ActiveItemFilter {
  key: string;
  itemIds: ItemIdsQuery;
  /** The plugin's version of the rows the query reads (PluginItemFilter.version). */
  version?: () => Promise<number>;
  /** The ids from the plugin's memory, when it can answer (PluginItemFilter.ids). */
  ids?: () => Promise<Int32Array | undefined>;
  /** The database the ids come from (a process may serve several, as tests do). */
  scope: object;
}

/** A parsed search with the plugin filters in use (none: the core search, unchanged). */
export type ItemSearchQ = ItemSearch & { readonly plugins?: readonly ActiveItemFilter[] };

/** Whether the search uses a plugin filter. */
export const hasPluginFilters = (s: ItemSearchQ): boolean => (s.plugins?.length ?? 0) > 0;

/** Query names of the core's search and lookups: a plugin parameter of such a name is ignored. */
const CORE_PARAMS = new Set<string>([
  ...Object.keys(itemSearchSchema.shape),
  ...itemLookupSchema.options.flatMap((o) => Object.keys(o.shape)),
]);

/**
 * The plugin filters the query uses, for the caller's organisation: only plugins it installed
 * (and that work) are asked; their parameters are otherwise unknown and, like any unknown query
 * parameter of `GET /items`, ignored. A bad value is the filter schema's Polish 400.
 */
export async function pluginFiltersOf(ctx: AuthContext, query: Record<string, unknown>): Promise<ActiveItemFilter[]> {
  // The item list's hot path: a query naming no plugin parameter asks nothing of the plugins.
  const params = itemFilterParams();
  if (!Object.keys(query).some((k) => params.has(k) && !CORE_PARAMS.has(k) && query[k] !== undefined)) return [];
  const filters = await installedItemFilters(ctx);
  const active: ActiveItemFilter[] = [];
  for (const { pluginId, filter } of filters) {
    const given: Record<string, unknown> = {};
    for (const p of filter.params) if (!CORE_PARAMS.has(p) && query[p] !== undefined) given[p] = query[p];
    if (Object.keys(given).length === 0) continue;
    const values: unknown = filter.schema.parse(given);
    const itemIds = filter.itemIds(ctx.tdb, values);
    const { version, ids } = filter;
    if (itemIds)
      active.push({
        key: JSON.stringify([ctx.orgId, pluginId, values]),
        itemIds,
        version: version && (() => version(ctx.tdb)),
        ids:
          ids &&
          (() => ids(ctx.tdb, values, { scope: ctx.db, warn: (err, msg) => ctx.log.warn({ err, pluginId }, msg) })),
        scope: ctx.db,
      });
  }
  return active;
}

/**
 * The items every plugin filter of the search names: sorted, distinct ids (their intersection),
 * read with the filters' own indexed queries. For the item filter index.
 */
export async function pluginItemIds(s: ItemSearchQ): Promise<Int32Array | undefined> {
  if (!hasPluginFilters(s)) return undefined;
  let result: Int32Array | undefined;
  for (const f of s.plugins!) {
    const ids = await idsOf(f);
    result = result ? intersectSorted(result, ids) : ids;
    if (result.length === 0) break;
  }
  return result;
}

/**
 * Id sets of recent plugin filter values, per process, for filters that give a version: a list
 * paged, sorted or narrowed by core filters reads its plugin ids once. At most KEPT_IDS ids in
 * all (4 bytes each); the oldest go first.
 */
const KEPT_IDS = 4_000_000;
interface Kept {
  sets: Map<string, { version: number; ids: Int32Array }>;
  ids: number;
}
const keptByDatabase = new WeakMap<object, Kept>();

async function idsOf(f: ActiveItemFilter): Promise<Int32Array> {
  const fromPlugin = await f.ids?.();
  if (fromPlugin) return fromPlugin;
  const version = f.version ? await f.version() : undefined;
  let store = keptByDatabase.get(f.scope);
  if (!store) keptByDatabase.set(f.scope, (store = { sets: new Map(), ids: 0 }));
  const kept = store.sets;
  const hit = kept.get(f.key);
  if (hit && version !== undefined && hit.version === version) {
    kept.delete(f.key);
    kept.set(f.key, hit);
    return hit.ids;
  }
  const rows = await f.itemIds.execute();
  const ids = distinctSorted(Int32Array.from(rows, (r) => Number(r.item_id)).sort());
  if (hit) {
    kept.delete(f.key);
    store.ids -= hit.ids.length;
  }
  if (version !== undefined && ids.length <= KEPT_IDS) {
    kept.set(f.key, { version, ids });
    store.ids += ids.length;
    for (const [key, old] of kept) {
      if (store.ids <= KEPT_IDS) break;
      kept.delete(key);
      store.ids -= old.ids.length;
    }
  }
  return ids;
}

/** The distinct values of a sorted array (a view of it). */
function distinctSorted(a: Int32Array): Int32Array {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[i - 1]) a[n++] = a[i]!;
  return a.subarray(0, n);
}

/** The ids in both sorted arrays (`b` may repeat ids). */
function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    while (j < b.length && b[j]! < a[i]!) j++;
    if (j < b.length && b[j] === a[i]) out.push(a[i]!);
  }
  return Int32Array.from(out);
}
