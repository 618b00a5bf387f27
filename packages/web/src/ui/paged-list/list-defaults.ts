import { perPageSchema, type ListStorageKeys, type PerPage } from '@zaplecze/contract';

/**
 * The remembered sort and page size of a big list (docs/rules/catalogue-and-orders-rules.md §9: items.sort,
 * items.perpage, orders.sort, orders.perpage in local storage). They are read once when the list
 * opens and become the defaults of its URL schema.
 */
export interface ListDefaults<S extends string> {
  sort: S;
  perPage: PerPage;
}

function safeGet(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The remembered sort and page size; anything unknown falls back to `fallback`. */
export function readListDefaults<S extends string>(
  storage: Storage | undefined,
  keys: ListStorageKeys,
  sorts: readonly S[],
  fallback: ListDefaults<S>,
): ListDefaults<S> {
  const sort = safeGet(storage, keys.sort);
  const perPage = perPageSchema.safeParse(safeGet(storage, keys.perPage) ?? '');
  return {
    sort: (sorts as readonly string[]).includes(sort ?? '') ? (sort as S) : fallback.sort,
    perPage: perPage.success ? perPage.data : fallback.perPage,
  };
}

export function saveListDefaults(
  storage: Storage | undefined,
  keys: ListStorageKeys,
  d: Partial<ListDefaults<string>>,
): void {
  try {
    if (d.sort) storage?.setItem(keys.sort, d.sort);
    if (d.perPage) storage?.setItem(keys.perPage, String(d.perPage));
  } catch {
    // Storage switched off: the next visit uses the built-in defaults.
  }
}
